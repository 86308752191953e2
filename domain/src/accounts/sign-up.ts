/**
 * Local sign-up by e-mail confirmation: sign-up answers the same for a new e-mail and for one that has an
 * account, and only the e-mailed link makes the account. Pure texts; the API stores a hash of the token.
 */

/** The page the sign-up link opens; its `code` query parameter carries the token. */
export const SIGN_UP_CONFIRM_PATH = '/confirm-email';

/** How long the link e-mailed at sign-up holds. */
export const SIGN_UP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The user-facing texts of sign-up (SPEC.md section 8 style: say what happened and what to do). */
export const SIGN_UP_TEXTS = {
  linkInvalid:
    'This confirmation link is no longer valid. If you confirmed already, sign in; otherwise sign up again for a new link.',
  alreadyConfirmed: 'This e-mail address is already confirmed. Sign in with your e-mail and password.',
} as const;

/** What sign-up answers for any e-mail, new or not: where the link went and what to do. */
export function signUpAcceptedText(email: string): string {
  return `Check your e-mail to confirm your address. We sent a link to ${email}; open it to finish creating your account.`;
}

/** The e-mail with the link that makes the account (`link` opens the confirmation page). */
export function renderSignUpEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail to finish signing up for Coinpace',
    text: [
      'Welcome to Coinpace! Open this link to confirm your e-mail address and finish creating your account:',
      '',
      link,
      '',
      'The link holds for 24 hours. If you did not sign up for Coinpace, ignore this message: no account is made without it.',
    ].join('\n'),
  };
}

/**
 * The e-mail to the owner of an address someone tried to sign up with. It never says who; it tells the
 * owner, who may have forgotten the account, how to sign in.
 */
export function renderSignUpAttemptEmail(signInLink: string): { subject: string; text: string } {
  return {
    subject: 'Someone tried to sign up for Coinpace with your e-mail address',
    text: [
      'Someone, maybe you, tried to create a Coinpace account with this e-mail address. It already has an account, so nothing was created and nothing changed on your account.',
      '',
      `If it was you, sign in with your password: ${signInLink}`,
      '',
      'If it was not you, you can ignore this message. No one can sign in without your password.',
    ].join('\n'),
  };
}

/** The token of the sign-up link in an e-mail's text, if it has one (for tools and tests that read mail). */
export function signUpLinkCode(text: string): string | undefined {
  return /\/confirm-email\?code=([\w-]+)/.exec(text)?.[1];
}
