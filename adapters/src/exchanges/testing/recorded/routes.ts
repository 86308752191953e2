/** What a recorded exchange answers, and how it checks a request. */
import { createHmac } from 'node:crypto';
import type { PeerAccount } from '../accounts.ts';
import type { PeerReply, PeerRequest } from '../peer-server.ts';

export interface Routes {
  /** The key of a request and whether its signature checks out with `secret`. */
  key(req: PeerRequest): string | undefined;
  signed(req: PeerRequest, secret: string): boolean;
  unknownKey: PeerReply;
  badSignature: PeerReply;
  rateLimited: PeerReply;
  public: Record<string, (symbols: string[], params: URLSearchParams) => unknown>;
  private: Record<string, (account: PeerAccount, params: URLSearchParams) => unknown>;
  /** Private routes with an id in the path: the pattern's first group is passed on. */
  patterns?: [RegExp, (account: PeerAccount, id: string) => unknown][];
}

export const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text);
export const header = (req: PeerRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
};
export const pathWithQuery = (req: PeerRequest) => (req.query ? `${req.path}?${req.query}` : req.path);
export const split = (symbol: string) => symbol.split('/') as [string, string];
/** Coinbase's account id of a currency, as the recorded replies name it. */
export const coinbaseAccountId = (currency: string) => `acc-${currency.toLowerCase()}`;
export const sinceFilter = <T extends { time: number }>(rows: T[], from: number) =>
  rows.filter((r) => r.time >= from);

export const DAY_MS = 86_400_000;

/** Thrown by a private route to answer an error of the exchange's own (a range it does not serve). */
export class Refusal extends Error {
  constructor(readonly reply: PeerReply) {
    super('refused');
  }
}

/**
 * The time range a windowed history route serves: `[start, end]` from the request's bounds, the exchange's
 * defaults for missing ones (the `windowMs` after a lone start, the `windowMs` before now without any),
 * refused with `refuse(why)` when wider than `windowMs` or starting more than `backMs` ago.
 */
export function windowOf(
  start: string | null,
  end: string | null,
  limits: { windowMs: number; backMs: number },
  refuse: (why: string) => PeerReply,
): { start: number; end: number } {
  const now = Date.now();
  const from = start === null ? undefined : Number(start);
  const to = end === null ? (from === undefined ? now : from + limits.windowMs) : Number(end);
  const begin = from ?? to - limits.windowMs;
  if (to - begin > limits.windowMs) {
    throw new Refusal(refuse(`the time range cannot exceed ${limits.windowMs / DAY_MS} days`));
  }
  if (begin < now - limits.backMs) {
    throw new Refusal(refuse(`only the last ${Math.round(limits.backMs / DAY_MS)} days can be queried`));
  }
  return { start: begin, end: to };
}

/** Rows within `[start, end]`. */
export const withinWindow = <T extends { time: number }>(rows: T[], w: { start: number; end: number }) =>
  rows.filter((r) => r.time >= w.start && r.time <= w.end);
