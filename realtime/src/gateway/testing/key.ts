/** Test support: one RSA key for local session tokens per test process (generating keys is slow). */
import { generateKeyPairSync } from 'node:crypto';

let pem: string | undefined;

export function testKeyPem(): string {
  pem ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  return pem;
}
