import { base58 } from '@scure/base';

/**
 * True for a well-formed Solana address: base58 text of exactly 32 bytes (a public key or a program
 * derived address). Pure; the same rule @solana/kit's `isAddress` applies, without loading kit.
 */
export function isSolanaAddress(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 32 || trimmed.length > 44) return false;
  try {
    return base58.decode(trimmed).length === 32;
  } catch {
    return false;
  }
}
