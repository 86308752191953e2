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
