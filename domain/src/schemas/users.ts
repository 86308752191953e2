/** Request and response schemas of the identity and user routes (DESIGN.md section 4). */
import { z } from 'zod';
import { zEmail, zFirstName, zPhone } from './common.ts';

export const MIN_PASSWORD_LENGTH = 8;

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
  createdAt: string;
}

export interface AuthResult {
  token: string;
  user: UserView;
}

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
