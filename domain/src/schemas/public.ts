/**
 * Schemas of the visitor-facing routes: the beta waitlist, the contact form and the site password
 * (SPEC.md sections 3, 5 and 7). The browser validates with the same functions before sending, and
 * the server validates again, so both show the same SPEC.md messages.
 */
import { z } from 'zod';
import { BETA_EMAIL_FORBIDDEN_CHARS, BETA_MESSAGES, BETA_WALLETS, TRADING_KNOWLEDGE } from '../form-texts.ts';

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
const strictEmail = z.email();

/**
 * Checks a beta e-mail the way SPEC.md section 5 words it, most specific problem first.
 * @returns the message to show, or null when the address is acceptable.
 */
export function betaEmailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return BETA_MESSAGES.emailRequired;
  if (email.includes('+')) return BETA_MESSAGES.emailPlus;
  if (BETA_EMAIL_FORBIDDEN_CHARS.some((c) => email.includes(c))) return BETA_MESSAGES.emailCharacters;
  if (email.length > MAX_EMAIL_LENGTH || !BASIC_EMAIL.test(email) || !strictEmail.safeParse(email).success)
    return BETA_MESSAGES.emailInvalid;
  return null;
}

/**
 * A form field checked by `problem` (the message to show, or null). A missing field counts as '' and
 * a value that is not text gets `notText`; every issue is custom, so each keeps its own message.
 */
function formField<T>(problem: (text: string) => string | null, notText: string, out: (text: string) => T) {
  return z.unknown().transform((value, ctx): T => {
    const text = value === undefined || value === null ? '' : value;
    const message = typeof text === 'string' ? problem(text) : notText;
    if (message !== null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return out(text as string);
  });
}

function choiceField<C extends string>(choices: readonly C[], message: string) {
  return formField(
    (text) => ((choices as readonly string[]).includes(text) ? null : message),
    message,
    (text) => text as C,
  );
}

/** POST /api/beta-signup (SPEC.md section 3, 'Beta signup'). */
export const ZBetaSignup = z.strictObject({
  email: formField(betaEmailProblem, BETA_MESSAGES.emailInvalid, (text) => text.trim().toLowerCase()).meta({
    type: 'string',
    format: 'email',
    description: 'No + sign and none of <>{}[]\\|`~!#$%^&*()=?",;:',
  }),
  tradingKnowledge: choiceField(TRADING_KNOWLEDGE, BETA_MESSAGES.tradingKnowledgeRequired).meta({
    type: 'string',
    enum: [...TRADING_KNOWLEDGE],
  }),
  wallet: choiceField(BETA_WALLETS, BETA_MESSAGES.walletRequired).meta({
    type: 'string',
    enum: [...BETA_WALLETS],
  }),
});
export type BetaSignup = z.output<typeof ZBetaSignup>;

/** GET /api/beta-signup/count and the answer of POST /api/beta-signup. */
export interface BetaSignupCount {
  count: number;
  remaining: number;
}

/** Longest contact-form fields accepted. */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

/** The contact form's texts; the error text is SPEC.md section 8's. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Please enter a message.',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
  sent: "Thank you! Your message has been sent. We'll get back to you soon.",
  error: 'There was an error sending your message. Please try again.',
} as const;

const requiredText = (required: string, tooLong: string, max: number) =>
  formField(
    (text) => (text.trim() === '' ? required : text.trim().length > max ? tooLong : null),
    required,
    (text) => text.trim(),
  );

/** The contact e-mail's problem, or null; 'required' when blank. */
export function contactEmailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return CONTACT_MESSAGES.emailRequired;
  if (email.length > MAX_EMAIL_LENGTH || !strictEmail.safeParse(email).success)
    return CONTACT_MESSAGES.emailInvalid;
  return null;
}

/** POST /api/contact (SPEC.md section 3, 'Contact message'). */
export const ZContactMessage = z.strictObject({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.nameTooLong, CONTACT_LIMITS.name).meta({
    type: 'string',
    maxLength: CONTACT_LIMITS.name,
  }),
  email: formField(contactEmailProblem, CONTACT_MESSAGES.emailInvalid, (text) => text.trim()).meta({
    type: 'string',
    format: 'email',
  }),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_MESSAGES.messageTooLong,
    CONTACT_LIMITS.message,
  ).meta({ type: 'string', maxLength: CONTACT_LIMITS.message }),
});
export type ContactMessage = z.output<typeof ZContactMessage>;

/** POST /api/check-password. */
export const ZCheckPassword = z.strictObject({
  password: formField(
    (text) =>
      text === ''
        ? 'Password is required'
        : text.length > 200
          ? 'Password must be at most 200 characters'
          : null,
    'Password must be text',
    (text) => text,
  ).meta({ type: 'string', minLength: 1, maxLength: 200 }),
});

/** The answer of POST /api/check-password when the password is right. */
export interface CheckPasswordResult {
  success: boolean;
}
