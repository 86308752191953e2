/**
 * Confirming the destinations alerts go to (issue 13 finding 7): a link by e-mail, a 6-digit code by
 * SMS. Pure rules and texts; the API stores only a hash of the secret and the outbox sends it.
 */
import type { ContactChannel } from '../schemas/users.ts';

/** How long a link / code holds, how many wrong codes a code survives, how often one may be resent. */
export const VERIFICATION_RULES = {
  email: { ttlMs: 24 * 60 * 60 * 1000 },
  sms: { ttlMs: 10 * 60 * 1000 },
  maxAttempts: 5,
  resendAfterMs: 60 * 1000,
} as const;

/** The user-facing texts of verification (SPEC.md section 8 style: say what happened and what to do). */
export const VERIFICATION_TEXTS = {
  noEmail: 'Add an e-mail address to your profile first.',
  noPhone: 'Add a phone number to your profile first.',
  alreadyEmail: 'This e-mail address is already verified.',
  alreadyPhone: 'This phone number is already verified.',
  nothingPending: 'There is no code waiting to be confirmed. Send a new one.',
  expired: 'This code has expired. Send a new one.',
  tooManyAttempts: 'Too many wrong codes. Send a new one.',
  wrongCode: 'That code is not right. Check the message and try again.',
  changed: 'Your profile changed since the code was sent. Send a new one.',
} as const;

/** The texts naming what is missing for a channel. */
export function missingDestinationText(channel: ContactChannel): string {
  return channel === 'email' ? VERIFICATION_TEXTS.noEmail : VERIFICATION_TEXTS.noPhone;
}

export function alreadyVerifiedText(channel: ContactChannel): string {
  return channel === 'email' ? VERIFICATION_TEXTS.alreadyEmail : VERIFICATION_TEXTS.alreadyPhone;
}

/** The e-mail with the confirmation link (`link` opens the account screen with the token). */
export function renderVerificationEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail for Coinpace alerts',
    text: [
      'Open this link to confirm that Coinpace alerts may be sent to this address:',
      '',
      link,
      '',
      'The link holds for 24 hours. If you did not ask for it, ignore this message.',
    ].join('\n'),
  };
}

/** The SMS with the code. */
export function renderVerificationSms(code: string): string {
  return `Your Coinpace code is ${code}. It holds for 10 minutes.`;
}
