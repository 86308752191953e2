/**
 * Proving a tracked EVM address is the user's with Sign-In-with-Ethereum (EIP-4361): the payloads of
 * POST /api/wallets/:id/verification and .../confirm, how long an issued message holds, and the messages
 * a refusal shows.
 */
import { z } from 'zod';

/** How long an issued sign-in message (and its nonce) can be signed and sent back: 10 minutes. */
export const WALLET_SIGN_IN_TTL_MS = 10 * 60_000;
/** Sign-in messages one user may ask for per hour. */
export const WALLET_SIGN_INS_PER_HOUR = 30;

export const WALLET_SIGN_IN_EVM_ONLY_MESSAGE =
  'Only an EVM address can be proved by signing in with Ethereum.';
export const WALLET_SIGN_IN_EXPIRED_MESSAGE = 'This sign-in message has expired. Ask for a new one.';
export const WALLET_SIGN_IN_UNKNOWN_MESSAGE =
  'This sign-in message was not issued for this wallet, or was used already. Ask for a new one.';
export const WALLET_SIGN_IN_BAD_SIGNATURE_MESSAGE =
  "The signature is not by this wallet's address. Sign with the account of this address.";

/** POST /api/wallets/:id/verification: the message to sign, as the server issued it. */
export interface WalletSignInChallenge {
  /** The EIP-4361 text, to sign as it is (personal_sign). */
  message: string;
  nonce: string;
  /** ISO 8601: after this the signed message is refused. */
  expiresAt: string;
}

/** POST /api/wallets/:id/verification/confirm. */
export const ZConfirmWalletSignIn = z.strictObject({
  message: z
    .string({ message: 'message is required' })
    .min(1, { message: 'message is required' })
    .max(2000, { message: 'The message is too long to be one Coinpace issued.' }),
  signature: z
    .string({ message: 'signature is required' })
    .regex(/^0x[0-9a-fA-F]{130}$/, { message: 'The signature must be 65 bytes in hex (0x and 130 digits).' }),
});
export type ConfirmWalletSignIn = z.output<typeof ZConfirmWalletSignIn>;
