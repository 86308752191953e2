/**
 * Sign-In-with-Ethereum (EIP-4361) for proving a tracked EVM address is the user's, with viem: the
 * message the server issues, and the check of what comes back. Only a plain account's signature (ECDSA,
 * personal_sign) is checked, offline: a smart-contract wallet (ERC-1271) would need a call to a chain
 * node, and is refused in words.
 */
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';

/** What the message says; `domain` and `uri` are the app's own (PUBLIC_URL). */
export interface SignInRequest {
  address: string;
  domain: string;
  uri: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** A random nonce of the message (alphanumeric, as EIP-4361 requires; 96 characters). */
export const createSignInNonce = (): string => generateSiweNonce();

/** The EIP-4361 message text the wallet signs. */
export function createSignInMessage(request: SignInRequest): string {
  return createSiweMessage({
    address: getAddress(request.address),
    chainId: 1,
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    version: '1',
    issuedAt: request.issuedAt,
    expirationTime: request.expiresAt,
    statement: 'Prove to Coinpace that I own this address. This signature cannot move funds.',
  });
}

/** The nonce a signed message carries, or null when the text is not an EIP-4361 message. */
export function nonceOfSignIn(message: string): string | null {
  const parsed = parseSiweMessage(message);
  return typeof parsed.nonce === 'string' && parsed.nonce && parsed.address ? parsed.nonce : null;
}

export type SignInCheck = { ok: true } | { ok: false; reason: 'not-issued' | 'bad-signature' };

/**
 * Whether `message` is the one issued for `address` on `domain` with `nonce`, still valid at `now`, and
 * `signature` is the address's own signature of it.
 */
export async function checkSignIn(input: {
  message: string;
  signature: string;
  address: string;
  domain: string;
  nonce: string;
  now: Date;
}): Promise<SignInCheck> {
  if (!isAddress(input.address, { strict: false })) return { ok: false, reason: 'not-issued' };
  const address = getAddress(input.address);
  const valid = validateSiweMessage({
    message: parseSiweMessage(input.message),
    address,
    domain: input.domain,
    nonce: input.nonce,
    time: input.now,
  });
  if (!valid) return { ok: false, reason: 'not-issued' };
  try {
    const signed = await verifyMessage({
      address,
      message: input.message,
      signature: input.signature as Hex,
    });
    return signed ? { ok: true } : { ok: false, reason: 'bad-signature' };
  } catch {
    // A signature that is not 65 bytes of r, s and v, or not a point on the curve.
    return { ok: false, reason: 'bad-signature' };
  }
}
