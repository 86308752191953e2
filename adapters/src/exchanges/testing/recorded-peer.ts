/**
 * Recorded replies of Coinbase (Advanced Trade), KuCoin, OKX and Bybit, served from a local peer: the
 * documented JSON of the routes the ccxt client calls for a key check, balances and a page of trades,
 * filled from a seeded account. Each checks the exchange's request signing (HMAC-SHA256 over the
 * exchange's prehash string) so that a wrong secret is refused as the exchange refuses it, and answers
 * the exchange's errors for an unknown key, a bad signature and a rate limit. The trade histories keep
 * the exchanges' time limits: KuCoin's fills and Bybit's executions 7 days a request (KuCoin a year back,
 * Bybit two), OKX's fills history the last 3 months; a request beyond them gets the exchange's error, so
 * a sync that asks too wide a window fails its test.
 */
import type { Exchange } from 'ccxt';
import { loadCcxt } from '../ccxt-client.ts';
import type { PeerAccount } from './accounts.ts';
import { startPeerServer, type PeerReply, type PeerRequest, type PeerServer } from './peer-server.ts';
import { BYBIT } from './recorded/bybit.ts';
import { COINBASE } from './recorded/coinbase.ts';
import { KUCOIN } from './recorded/kucoin.ts';
import { OKX } from './recorded/okx.ts';
import { Refusal, type Routes } from './recorded/routes.ts';

export type RecordedExchange = 'coinbase' | 'kucoin' | 'okx' | 'bybit';

export interface RecordedPeer extends PeerServer {
  addAccount(account: PeerAccount): void;
  removeAccount(apiKey: string): void;
  /** The next `times` private requests get the exchange's rate-limit reply. */
  rateLimit(times: number): void;
}

const ROUTES: Record<RecordedExchange, Routes> = {
  okx: OKX,
  kucoin: KUCOIN,
  bybit: BYBIT,
  coinbase: COINBASE,
};

export interface RecordedPeerOptions {
  symbols?: string[];
  accounts?: PeerAccount[];
}

export async function startRecordedPeer(
  exchange: RecordedExchange,
  options: RecordedPeerOptions = {},
): Promise<RecordedPeer> {
  const routes = ROUTES[exchange];
  const accounts = new Map<string, PeerAccount>();
  const symbols = new Set(options.symbols ?? ['BTC/USDT', 'ETH/USDT', 'ETH/BTC']);
  let limited = 0;
  const addAccount = (account: PeerAccount) => {
    accounts.set(account.apiKey, account);
    for (const trade of account.trades) symbols.add(trade.symbol);
  };
  for (const account of options.accounts ?? []) addAccount(account);

  const handle = (req: PeerRequest): PeerReply => {
    const publicRoute = routes.public[req.path];
    if (publicRoute) return { status: 200, body: publicRoute([...symbols], new URLSearchParams(req.query)) };
    let privateRoute = routes.private[req.path];
    for (const [pattern, reply] of routes.patterns ?? []) {
      const match = pattern.exec(req.path);
      if (match) privateRoute = (account) => reply(account, match[1] ?? '');
    }
    if (!privateRoute)
      return { status: 404, body: { error: `no recorded reply for ${req.method} ${req.path}` } };
    const key = routes.key(req);
    const account = key === undefined ? undefined : accounts.get(key);
    if (!account) return routes.unknownKey;
    if (!routes.signed(req, account.secret)) return routes.badSignature;
    if (limited > 0) {
      limited -= 1;
      return routes.rateLimited;
    }
    try {
      return { status: 200, body: privateRoute(account, new URLSearchParams(req.query || req.body)) };
    } catch (err) {
      if (err instanceof Refusal) return err.reply;
      throw err;
    }
  };

  const server = await startPeerServer(handle);
  return {
    ...server,
    addAccount,
    removeAccount: (apiKey) => void accounts.delete(apiKey),
    rateLimit(times) {
      limited += times;
    },
  };
}

/**
 * ccxt's own exchange object for `exchange`, signed with `account`'s key and sent to `peerUrl`: none of
 * the client's windows or pacing, so a test can make the asks the client never makes. Close it after.
 */
export async function bareCcxtAtPeer(
  exchange: RecordedExchange,
  account: PeerAccount,
  peerUrl: string,
): Promise<Exchange> {
  const registry = (await loadCcxt()) as unknown as Record<string, new (config: object) => Exchange>;
  const ex = new registry[exchange]!({
    apiKey: account.apiKey,
    secret: account.secret,
    password: 'p',
    options: { fetchMarkets: { types: ['spot'] } },
  });
  ex.has['fetchCurrencies'] = false;
  const point = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(/^https?:\/\/[^/]+/, peerUrl)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, point(v)]))
        : value;
  const urls = ex.urls as { api: unknown };
  urls.api = point(urls.api);
  return ex;
}
