/**
 * The webhook signature (Stripe's scheme): `Coinpace-Signature: t=<unix seconds>,v1=<hex>`, where the hex
 * is the HMAC-SHA256 of `<t>.<body>` under the user's webhook secret. The receiver recomputes it and
 * refuses old timestamps (docs/alert-channels.md has the recipe).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new webhook signing secret, shown to the user once: `whsec_` and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** Whether `header` signs `body` under `secret` within `toleranceSeconds` of `nowSeconds`. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
