/** Request and response schemas of the identity and user routes (DESIGN.md section 4). */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../form-texts.ts';
import { type DisplayCurrency } from '../format/currency.ts';
import { ZDisplayCurrency } from './common.ts';
import { COST_METHODS, type CostMethod } from '../transactions/cost-basis.ts';
import { zEmail, zFirstName, zPhone } from './common.ts';

/** The cost method a user saved: how realised gain and cost are worked out. */
export const ZCostMethod = z.enum(COST_METHODS, {
  message: `costMethod must be one of ${COST_METHODS.join(', ')}`,
});

export const ZLocalSignUp = z.strictObject({
  email: zEmail,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(200, { message: 'Password must be at most 200 characters' }),
  firstName: zFirstName.optional(),
});
export type LocalSignUp = z.output<typeof ZLocalSignUp>;

export const ZLocalSignIn = z.strictObject({
  email: zEmail,
  password: z.string().min(1, { message: 'Password is required' }).max(200),
});
export type LocalSignIn = z.output<typeof ZLocalSignIn>;

/** POST /api/users/ensure. `clerkId`, when sent, must be the token's own subject. */
export const ZEnsureUser = z.strictObject({
  clerkId: z.string().trim().max(200).optional(),
  email: z
    .union([zEmail, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
  firstName: z.union([zFirstName, z.null()]).optional(),
});
export type EnsureUser = z.output<typeof ZEnsureUser>;

/** PATCH /api/users/me: contact info. */
export const ZUpdateMe = z
  .strictObject({
    firstName: zFirstName.optional(),
    email: zEmail.optional(),
    phone: zPhone.optional(),
    costMethod: ZCostMethod.optional(),
    displayCurrency: ZDisplayCurrency.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateMe = z.output<typeof ZUpdateMe>;

/** A user as the API returns it. `clerkId` is the identity subject (Clerk's user id, or a local id). */
export interface UserView {
  id: string;
  clerkId: string;
  email: string | null;
  firstName: string | null;
  phone: string | null;
  /** Whether `email` / `phone` was confirmed; alerts go only to confirmed destinations. */
  emailVerified: boolean;
  phoneVerified: boolean;
  /** The saved cost method; transactions and the summary use it unless asked otherwise. */
  costMethod: CostMethod;
  /** The currency prices and values are shown in; every amount the API sends stays in USD. */
  displayCurrency: DisplayCurrency;
  createdAt: string;
}

/** The channels whose destination can be confirmed: the alert e-mail and the SMS number. */
export const ZContactChannel = z.enum(['email', 'sms'], {
  message: "channel must be 'email' or 'sms'",
});
export type ContactChannel = z.output<typeof ZContactChannel>;

/** POST /api/users/me/verification: send a link (e-mail) or a code (SMS) to the profile's destination. */
export const ZRequestVerification = z.strictObject({ channel: ZContactChannel });

/** POST /api/users/me/verification/confirm: the SMS code, or the token from the e-mailed link. */
export const ZConfirmVerification = z.strictObject({
  channel: ZContactChannel,
  code: z
    .string()
    .trim()
    .min(1, { message: 'Enter the code from the message' })
    .max(200, { message: 'That code is not valid' }),
});

/** What a verification request answers: where it went, until when it holds, when another may be asked. */
export interface VerificationSent {
  channel: ContactChannel;
  destination: string;
  expiresAt: string;
  resendAfter: string;
}

/**
 * GET /api/users/me/verification: the links / codes sent that can still be used (for the destination the profile
 * has now, not expired, tries left), so the account screen shows the code field again after the user left it.
 */
export interface PendingVerifications {
  pending: VerificationSent[];
}

export interface AuthResult {
  token: string;
  user: UserView;
}

/**
 * What POST /api/auth/local/sign-up answers, the same whether the e-mail is new or has an account: no
 * session; the link e-mailed to the address makes the account and signs in.
 */
export interface SignUpAccepted {
  email: string;
  message: string;
}

/** POST /api/auth/local/confirm-email: the token of the link e-mailed at sign-up. */
export const ZConfirmSignUp = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, { message: 'The link has no code. Open the link from the e-mail again.' })
    .max(200, { message: 'This confirmation link is not valid.' }),
});
export type ConfirmSignUp = z.output<typeof ZConfirmSignUp>;

/** GET /api/config: what the browser needs to know before sign-in. */
export interface PublicConfig {
  identity: { mode: 'local' } | { mode: 'clerk'; publishableKey: string | null };
  maintenanceMode: boolean;
  sitePasswordRequired: boolean;
  priceSource: 'coingecko' | 'simulated';
  payments: 'local' | 'stripe';
  /** Where users write about problems (the account screen's report-issue link). */
  supportEmail: string;
}
