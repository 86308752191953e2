/**
 * Test support: Clerk-shaped session tokens (RS256, `azp`, `sid`, `v: 2`), signed by a key the test holds,
 * plus the forgeries an attacker tries (another key, another party, `alg: none`). Not used by production code.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';

export interface TestKeyPair {
  /** SPKI PEM, what CLERK_JWT_KEY holds. */
  publicKey: string;
  /** PKCS#8 PEM. */
  privateKey: string;
}

/** A fresh 2048-bit RSA pair (Clerk's PEM loader assumes 2048 bits). Slow: make one per suite. */
export function rsaTestKeys(): TestKeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);

/** The claims of a valid Clerk session token for `sub`, authorized for `azp`, valid for a minute. */
export function clerkClaims(sub: string, azp: string): Record<string, unknown> {
  return {
    sub,
    sid: 'sess_1',
    azp,
    iss: 'https://test.clerk.local',
    iat: nowS() - 1,
    nbf: nowS() - 5,
    exp: nowS() + 60,
    v: 2,
    // A session just signed in with one factor, as Clerk's v2 tokens say it (minutes since each factor).
    fva: [0, -1],
  };
}

/** Signs `claims` as Clerk does (RS256, kid), with `privateKey`. */
export function signClerkToken(claims: Record<string, unknown>, privateKey: string): string {
  const header = b64({ alg: 'RS256', typ: 'JWT', kid: 'ins_test' });
  const payload = b64(claims);
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(privateKey)
    .toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The same claims under `alg: none` with an empty signature: a token nobody signed. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

/** Claims that expired 30 s ago (beyond Clerk's 5 s skew). */
export function expiredClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return { ...claims, iat: nowS() - 120, nbf: nowS() - 120, exp: nowS() - 30 };
}
