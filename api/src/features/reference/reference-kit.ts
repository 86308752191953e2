/** Test support for the reference test: what its scenarios share. Not used by production code. */
import { randomInt, randomUUID } from 'node:crypto';
import { createTestSubscription } from '@coinpace/db/testing';
import { type TestApi } from '../../testing/harness.ts';
import { bitcoin, type ReferenceApps } from './reference-apps.ts';

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}
export type Scenario = (apps: ReferenceApps) => Promise<Answer>;

export const ADDRESS = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
export const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
export const notMe = { userId: 'someone-else' };

/** Calls `call` until it answers 429 (at most `tries` times) and returns the last answer. */
export async function untilLimited(call: () => Promise<Answer>, tries = 3): Promise<Answer> {
  let answer = await call();
  for (let i = 1; i < tries && answer.status !== 429; i += 1) answer = await call();
  return answer;
}

/**
 * Sends more password-hashing requests at once than the hash queue holds (MAX_CONCURRENT_HASHES +
 * MAX_WAITING_HASHES) and returns a 503 among the answers (or the last answer when none).
 */
export async function whileHashingIsFull(call: () => Promise<Answer>): Promise<Answer> {
  const answers = await Promise.all(Array.from({ length: 40 }, call));
  return answers.find((a) => a.status === 503) ?? answers.at(-1)!;
}

/** Opens the SSE stream, keeps the status and headers, and hangs up. */
export async function openStream(api: TestApi, query: string): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(`${api.url}/api/prices/stream${query}`, { signal: abort.signal });
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : '';
  abort.abort();
  return { status: response.status, body, headers: response.headers };
}

export async function holdingOf(api: TestApi, token: string) {
  return (await api.call('POST', '/api/portfolio', { token, body: bitcoin })).body as { id: string };
}

/** A sale of part of a holding, dated after its opening buy. */
export function aSale(quantity: string) {
  return { type: 'sell', at: new Date().toISOString(), quantity, pricePerCoin: '35000', fee: '1' };
}

/** A holding with a sale recorded after its opening buy, and the sale's id. */
export async function holdingWithSale(api: TestApi) {
  const token = await signedIn(api);
  const holding = await holdingOf(api, token);
  const { body } = await api.call('POST', `/api/portfolio/${holding.id}/transactions`, {
    token,
    body: aSale('0.25'),
  });
  const sale = (body as { transactions: { id: string; type: string }[] }).transactions.find(
    (t) => t.type === 'sell',
  )!.id;
  return { token, holding, sale };
}

export async function alertOf(api: TestApi, token: string) {
  const created = await api.call('POST', '/api/alerts', {
    token,
    body: {
      type: 'WatchlistPrice',
      coinId: 'bitcoin',
      thresholdType: 'Above',
      thresholdValue: 1_000_000,
      notificationMethod: 'Email',
      coin: { name: 'Bitcoin', symbol: 'BTC' },
    },
  });
  if (created.status !== 201) throw new Error(`alert not created: ${JSON.stringify(created.body)}`);
  return created.body.alerts[0] as { id: string };
}

/** A US number libphonenumber-js takes for a mobile, one of its own per call (a number gets 3 codes an hour). */
export const aMobile = () => `+1202555${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** A fresh user on a plan with SMS, with `phone` (default a mobile number of its own). */
export async function smsReady(api: TestApi, phone = aMobile()) {
  const signed = await api.signUp(email('sms'));
  await createTestSubscription(api.database.db, signed.user.id, { planId: 'basic' });
  await api.call('PATCH', '/api/users/me', { token: signed.token, body: { phone } });
  return signed;
}

export async function signedIn(api: TestApi) {
  return (await api.signUp(email('ref'))).token;
}
