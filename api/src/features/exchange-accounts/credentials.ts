/**
 * An exchange account's API key at rest: sealed as one JSON record under the secrets key, bound to the
 * account's id, so a sealed key copied onto another account does not open there.
 */
import type { ExchangeCredentials, SecretBox } from '@coinpace/adapters';

const context = (accountId: string) => `exchange-account:${accountId}`;

export function sealCredentials(
  secrets: SecretBox,
  accountId: string,
  credentials: ExchangeCredentials,
): { credentials: string; keyId: string } {
  const plain = JSON.stringify({
    apiKey: credentials.apiKey,
    secret: credentials.secret,
    ...(credentials.password ? { password: credentials.password } : {}),
  });
  const sealed = secrets.seal(plain, context(accountId));
  return { credentials: sealed.data, keyId: sealed.keyId };
}

export function openCredentials(
  secrets: SecretBox,
  account: { id: string; credentials: string; keyId: string },
): ExchangeCredentials {
  return JSON.parse(
    secrets.open({ keyId: account.keyId, data: account.credentials }, context(account.id)),
  ) as ExchangeCredentials;
}

/** Re-seals a record under the box's current key (the rotation). */
export function resealed(
  secrets: SecretBox,
  account: { id: string; credentials: string; keyId: string },
): { credentials: string; keyId: string } {
  return sealCredentials(secrets, account.id, openCredentials(secrets, account));
}
