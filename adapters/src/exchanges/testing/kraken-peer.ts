/**
 * A local Kraken REST peer for tests: Assets and AssetPairs, and the private routes a read-only sync uses
 * (BalanceEx, TradesHistory and Ledgers newest first, 50 a page, with `start` exclusive and `ofs`),
 * answered in Kraken's documented `{error, result}` JSON from seeded accounts. Signing is checked as Kraken
 * does: API-Key header, API-Sign = base64(HMAC-SHA512(base64-decoded secret, path + SHA256(nonce +
 * body))), nonces increasing per key; failures answer 'EAPI:Invalid key', 'EAPI:Invalid signature',
 * 'EAPI:Invalid nonce', 'EAPI:Rate limit exceeded'. The permission probes (AddOrder with validate,
 * WithdrawInfo) answer 'EGeneral:Permission denied' for a key without the permission.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { PeerAccount } from './accounts.ts';
import { startPeerServer, type PeerReply, type PeerRequest, type PeerServer } from './peer-server.ts';

export interface KrakenPeer extends PeerServer {
  addAccount(account: PeerAccount): void;
  /** Forgets a key, as deleting it on the exchange does. */
  removeAccount(apiKey: string): void;
  /** The next `times` private requests answer 'EAPI:Rate limit exceeded'. */
  rateLimit(times: number): void;
}

export interface KrakenPeerOptions {
  /** Markets of AssetPairs, unified ('BTC/USD'); trades' markets are added. */
  symbols?: string[];
  accounts?: PeerAccount[];
}

/** Kraken's asset ids and alternative names for the unified codes the tests use. */
const ASSETS: Record<string, { id: string; altname: string }> = {
  BTC: { id: 'XXBT', altname: 'XBT' },
  ETH: { id: 'XETH', altname: 'ETH' },
  USD: { id: 'ZUSD', altname: 'USD' },
  EUR: { id: 'ZEUR', altname: 'EUR' },
  USDT: { id: 'USDT', altname: 'USDT' },
  DOT: { id: 'DOT', altname: 'DOT' },
};
const asset = (code: string) => ASSETS[code] ?? { id: code, altname: code };
const pairId = (symbol: string) => {
  const [base = '', quote = ''] = symbol.split('/');
  return asset(base).id + asset(quote).id;
};
const PAGE = 50;

const ok = (result: unknown): PeerReply => ({ status: 200, body: { error: [], result } });
const fail = (...error: string[]): PeerReply => ({ status: 200, body: { error } });

/** A page of `{id: entry}` newest first after the exclusive `start` (an id or a unix time). */
function page<T extends { id: string; time: number }>(all: T[], params: URLSearchParams) {
  const newest = [...all].sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
  let rows = newest;
  const start = params.get('start');
  if (start) {
    const at = newest.findIndex((row) => row.id === start);
    rows = at >= 0 ? newest.slice(0, at) : newest.filter((row) => row.time > Number(start) * 1000);
  }
  const end = params.get('end');
  if (end) rows = rows.filter((row) => row.time <= Number(end) * 1000);
  const ofs = Number(params.get('ofs') ?? 0);
  return { count: rows.length, rows: rows.slice(ofs, ofs + PAGE) };
}

export async function startKrakenPeer(options: KrakenPeerOptions = {}): Promise<KrakenPeer> {
  const accounts = new Map<string, PeerAccount>();
  const nonces = new Map<string, bigint>();
  const symbols = new Set(options.symbols ?? ['BTC/USD', 'ETH/USD', 'ETH/BTC']);
  let limited = 0;
  const addAccount = (account: PeerAccount) => {
    accounts.set(account.apiKey, account);
    for (const trade of account.trades) symbols.add(trade.symbol);
  };
  for (const account of options.accounts ?? []) addAccount(account);

  const codes = () => {
    const all = new Set(Object.keys(ASSETS));
    for (const symbol of symbols) for (const code of symbol.split('/')) all.add(code);
    return [...all];
  };

  const authenticate = (req: PeerRequest): PeerAccount | PeerReply => {
    const key = req.headers['api-key'];
    const sign = req.headers['api-sign'];
    const account = typeof key === 'string' ? accounts.get(key) : undefined;
    if (!account) return fail('EAPI:Invalid key');
    const nonce = new URLSearchParams(req.body).get('nonce') ?? '';
    if (!/^\d+$/.test(nonce)) return fail('EAPI:Invalid nonce');
    const digest = createHash('sha256')
      .update(nonce + req.body)
      .digest();
    const expected = createHmac('sha512', Buffer.from(account.secret, 'base64'))
      .update(Buffer.concat([Buffer.from(req.path), digest]))
      .digest();
    const given = Buffer.from(typeof sign === 'string' ? sign : '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return fail('EAPI:Invalid signature');
    const last = nonces.get(account.apiKey) ?? -1n;
    if (BigInt(nonce) <= last) return fail('EAPI:Invalid nonce');
    nonces.set(account.apiKey, BigInt(nonce));
    return account;
  };

  const handle = (req: PeerRequest): PeerReply => {
    if (req.path === '/0/public/Assets') {
      return ok(
        Object.fromEntries(
          codes().map((code) => [
            asset(code).id,
            {
              aclass: 'currency',
              altname: asset(code).altname,
              decimals: 10,
              display_decimals: 5,
              status: 'enabled',
            },
          ]),
        ),
      );
    }
    if (req.path === '/0/public/AssetPairs') {
      return ok(
        Object.fromEntries(
          [...symbols].map((symbol) => {
            const [base = '', quote = ''] = symbol.split('/');
            return [
              pairId(symbol),
              {
                altname: asset(base).altname + asset(quote).altname,
                wsname: `${asset(base).altname}/${asset(quote).altname}`,
                aclass_base: 'currency',
                base: asset(base).id,
                aclass_quote: 'currency',
                quote: asset(quote).id,
                pair_decimals: 5,
                cost_decimals: 5,
                lot_decimals: 8,
                lot_multiplier: 1,
                ordermin: '0.0001',
                costmin: '0.5',
                tick_size: '0.00001',
                status: 'online',
              },
            ];
          }),
        ),
      );
    }
    if (!req.path.startsWith('/0/private/'))
      return { status: 404, body: { error: ['EGeneral:Unknown method'] } };
    const auth = authenticate(req);
    if ('status' in auth) return auth;
    if (limited > 0) {
      limited -= 1;
      return fail('EAPI:Rate limit exceeded');
    }
    const account = auth;
    const params = new URLSearchParams(req.body);
    switch (req.path) {
      case '/0/private/BalanceEx':
        return ok(
          Object.fromEntries(
            Object.entries(account.balances).map(([code, balance]) => [
              asset(code).id,
              { balance, hold_trade: '0.0000000000' },
            ]),
          ),
        );
      case '/0/private/TradesHistory': {
        const trades = account.trades.map((t) => ({
          ...t,
          number: t.id,
          id: `T${String(t.id).padStart(5, '0')}-KRKN-${t.id}`,
        }));
        const { count, rows } = page(trades, params);
        return ok({
          count,
          trades: Object.fromEntries(
            rows.map((t) => [
              t.id,
              {
                ordertxid: `O${t.id}`,
                postxid: 'TKH2SE-M7IF5-CFI7LT',
                pair: pairId(t.symbol),
                time: t.time / 1000,
                type: t.side,
                ordertype: 'limit',
                price: t.price,
                cost: (Number(t.price) * Number(t.amount)).toFixed(8),
                fee: t.fee,
                vol: t.amount,
                margin: '0.00000',
                misc: '',
                trade_id: t.number,
                maker: t.number % 2 === 0,
              },
            ]),
          ),
        });
      }
      case '/0/private/Ledgers': {
        const type = params.get('type') ?? 'all';
        const entries = [
          ...account.deposits.map((t) => ({ ...t, type: 'deposit', sign: '' })),
          ...account.withdrawals.map((t) => ({ ...t, type: 'withdrawal', sign: '-' })),
        ]
          .filter((t) => t.status === 'ok' && (type === 'all' || type === t.type))
          .map((t) => ({ ...t, refid: t.id, id: `L${t.id.toUpperCase()}` }));
        const { count, rows } = page(entries, params);
        return ok({
          count,
          ledger: Object.fromEntries(
            rows.map((t) => [
              t.id,
              {
                refid: t.refid,
                time: t.time / 1000,
                type: t.type,
                subtype: '',
                aclass: 'currency',
                asset: asset(t.asset).id,
                amount: `${t.sign}${t.amount}`,
                fee: t.fee,
                balance: '0',
              },
            ]),
          ),
        });
      }
      case '/0/private/WithdrawInfo':
        return account.permissions.withdraw
          ? fail('EFunding:Unknown withdraw key')
          : fail('EGeneral:Permission denied');
      case '/0/private/AddOrder':
        if (params.get('validate') !== 'true')
          return fail('EGeneral:Invalid arguments:the peer only validates orders');
        return account.permissions.trade
          ? fail('EGeneral:Invalid arguments:volume minimum not met')
          : fail('EGeneral:Permission denied');
      default:
        return fail('EGeneral:Unknown method');
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
