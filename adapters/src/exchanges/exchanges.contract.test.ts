/**
 * One contract for every first-class exchange, run through the ccxt client against the local peers:
 * balances; movements paged to the end with none missing and none twice; a cursor that resumes with
 * nothing new and then reads exactly what was added; the reasons a key is refused (unknown key, wrong
 * secret, revoked); what the key may do; rate limits with the exchange's retry-after; an exchange that
 * is down. ccxt is imported once for the whole file.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCcxtConnector, loadCcxt } from './ccxt-client.ts';
import { FIRST_CLASS_EXCHANGES } from './ccxt-catalogue.ts';
import { toExchangeError, type CcxtErrorClasses } from './ccxt-errors.ts';
import { ExchangeError, type ExchangeClient, type ExchangeMovement, type SyncCursor } from './port.ts';
import { seedAccount, type PeerAccount, type SeedOptions } from './testing/accounts.ts';
import { startBinancePeer } from './testing/binance-peer.ts';
import { startKrakenPeer } from './testing/kraken-peer.ts';
import type { PeerServer } from './testing/peer-server.ts';
import { startRecordedPeer, type RecordedExchange } from './testing/recorded-peer.ts';

interface Peer extends PeerServer {
  addAccount(account: PeerAccount): void;
  removeAccount(apiKey: string): void;
  rateLimit(times: number, retryAfterSeconds: number): void;
}

interface Subject {
  exchange: string;
  start(accounts: PeerAccount[]): Promise<Peer>;
  /** Account options for this exchange (its markets, and enough trades to need several pages). */
  seed: SeedOptions;
  /** The external ids a full sync of `account` must give. */
  expectedIds(account: PeerAccount): string[];
  /** The balances the client must read. */
  expectedBalances(account: PeerAccount): { asset: string; total: string; wallet: string }[];
  /** What a wrong secret is reported as (an exchange that cannot tell says bad-key). */
  wrongSecret: 'bad-secret' | 'bad-key';
  /** The retry-after the rate-limit reply gives, in ms, or null when the exchange gives none. */
  retryAfterMs: number | null;
  /** Entries asked for per page; recorded replies answer one page whatever the size. */
  pageSize?: number;
}

const transferIds = (account: PeerAccount) => [
  ...account.deposits.map((t) => `deposit:${t.id}`),
  ...account.withdrawals.map((t) => `withdrawal:${t.id}`),
];
const spot = (balances: Record<string, string>) =>
  Object.entries(balances).map(([asset, total]) => ({ asset, total, wallet: 'spot' }));

const SUBJECTS: Subject[] = [
  {
    exchange: 'binance',
    start: (accounts) => startBinancePeer({ accounts }),
    seed: { trades: 40, symbols: ['BTC/USDT', 'ETH/USDT', 'ETH/BTC'] },
    expectedIds: (account) => [
      ...account.trades.map((t) => `trade:${t.symbol.replace('/', '')}:${t.id}`),
      ...transferIds(account),
    ],
    expectedBalances: (account) => [
      ...spot(account.balances),
      ...Object.entries(account.funding).map(([asset, total]) => ({ asset, total, wallet: 'funding' })),
    ],
    wrongSecret: 'bad-secret',
    retryAfterMs: 7_000,
    pageSize: 7,
  },
  {
    exchange: 'kraken',
    start: async (accounts) => {
      const peer = await startKrakenPeer({ accounts });
      return { ...peer, rateLimit: (times: number) => peer.rateLimit(times) };
    },
    seed: {
      trades: 120,
      symbols: ['BTC/USD', 'ETH/USD', 'ETH/BTC'],
      balances: { BTC: '0.5', ETH: '2.25', USD: '1000', 'DOT.S': '12.5' },
    },
    expectedIds: (account) => [
      ...account.trades.map((t) => `trade:T${String(t.id).padStart(5, '0')}-KRKN-${t.id}`),
      ...transferIds(account),
    ],
    expectedBalances: (account) =>
      Object.entries(account.balances).map(([asset, total]) =>
        asset.endsWith('.S')
          ? { asset: asset.slice(0, -2), total, wallet: 'earn' }
          : { asset, total, wallet: 'spot' },
      ),
    wrongSecret: 'bad-secret',
    retryAfterMs: null,
  },
  ...(['coinbase', 'kucoin', 'okx', 'bybit'] as RecordedExchange[]).map((exchange): Subject => ({
    exchange,
    start: async (accounts) => {
      const peer = await startRecordedPeer(exchange, { accounts });
      return { ...peer, rateLimit: (times: number) => peer.rateLimit(times) };
    },
    // KuCoin, OKX and Bybit answer trades by time window: spread them over many windows.
    seed:
      exchange === 'coinbase'
        ? { trades: 12 }
        : { trades: 12, start: Date.now() - 80 * 86_400_000, stepMs: 6 * 86_400_000 },
    expectedIds: (account) => [...account.trades.map((t) => `trade:${t.id}`), ...transferIds(account)],
    expectedBalances: (account) => spot(account.balances),
    // Coinbase answers 401 Unauthorized to an unknown key and to a bad signature alike.
    wrongSecret: exchange === 'coinbase' ? 'bad-key' : 'bad-secret',
    retryAfterMs: null,
  })),
];

beforeAll(async () => {
  await loadCcxt();
});

/** Reads every page from `cursor` until done. */
async function syncToEnd(
  client: ExchangeClient,
  cursor: SyncCursor | null,
): Promise<{
  movements: ExchangeMovement[];
  cursor: SyncCursor;
  pages: number;
  progress: (number | null)[];
}> {
  const movements: ExchangeMovement[] = [];
  const progress: (number | null)[] = [];
  let at = cursor;
  for (let pages = 1; pages <= 500; pages += 1) {
    const page = await client.fetchMovements(at);
    movements.push(...page.movements);
    progress.push(page.progress);
    at = page.cursor;
    if (page.done) return { movements, cursor: at, pages, progress };
  }
  throw new Error('the sync never finished');
}

async function refusal(work: Promise<unknown>): Promise<ExchangeError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExchangeError);
  return err as ExchangeError;
}

describe.each(SUBJECTS)('$exchange through ccxt', (subject) => {
  let peer: Peer;
  const account = seedAccount(subject.seed);
  const open: ExchangeClient[] = [];
  let connector: ReturnType<typeof createCcxtConnector>;
  const connect = (apiKey: string, secret: string) => {
    const client = connector.connect(subject.exchange, { apiKey, secret, password: 'passphrase' });
    open.push(client);
    return client;
  };

  /** One client of the seeded account serves every case that needs no other key (a client is costly). */
  let main: ExchangeClient;

  beforeAll(async () => {
    peer = await subject.start([account]);
    connector = createCcxtConnector({
      urls: { [subject.exchange]: peer.url },
      throttle: async () => undefined,
      timeoutMs: 3_000,
      ...(subject.pageSize === undefined ? {} : { pageSize: subject.pageSize }),
      // The seeded history (its deposits 180 days back) starts some months back: skip reading empty
      // windows from 2017 on.
      historyFrom: Date.now() - 200 * 86_400_000,
    });
    main = connect(account.apiKey, account.secret);
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close()));
    await peer.close();
  });

  it('is listed first-class, with what its key needs', () => {
    const info = connector.list().find((entry) => entry.id === subject.exchange);
    expect(info).toEqual(FIRST_CLASS_EXCHANGES.find((entry) => entry.id === subject.exchange));
    expect(info?.firstClass).toBe(true);
  });

  it('reads the balances', async () => {
    const balances = await main.fetchBalances();
    const sort = (list: { asset: string; wallet: string }[]) =>
      [...list].sort((a, b) => `${a.wallet}${a.asset}`.localeCompare(`${b.wallet}${b.asset}`));
    expect(sort(balances)).toEqual(sort(subject.expectedBalances(account)));
  });

  it('pages movements to the end: none missing, none twice, oldest first', async () => {
    const client = main;
    const { movements, pages, progress } = await syncToEnd(client, null);
    const ids = movements.map((m) => m.externalId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(subject.expectedIds(account).sort());
    expect(pages).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    for (const value of progress) expect(value === null || (value >= 0 && value <= 1)).toBe(true);
    const trade = movements.find(
      (m) => m.kind === 'trade' && m.externalId.endsWith(String(account.trades[0]?.id)),
    );
    const first = account.trades[0];
    expect(trade).toMatchObject({
      kind: 'trade',
      at: new Date(first?.time ?? 0).toISOString(),
      side: first?.side,
      base: first?.symbol.split('/')[0],
      quote: first?.symbol.split('/')[1],
      amount: String(Number(first?.amount)),
      price: String(Number(first?.price)),
      fee: { asset: first?.feeAsset, amount: String(Number(first?.fee)) },
    });
    // Oldest first within a stream; a stream holds one kind, of one asset at most.
    for (const kind of ['deposit', 'withdrawal']) {
      for (const asset of ['BTC', 'USDT']) {
        const at = movements
          .filter((m) => m.kind === kind && 'asset' in m && m.asset === asset)
          .map((m) => m.at);
        expect(at).toEqual([...at].sort());
      }
    }
  });

  it('resumes from its cursor with nothing new, then reads exactly what was added', async () => {
    const client = main;
    const first = await syncToEnd(client, null);
    const again = await syncToEnd(client, first.cursor);
    expect(again.movements).toEqual([]);
    const last = account.trades.at(-1);
    if (!last) throw new Error('no trades seeded');
    // A trade made after the sync: a minute ago (on a whole second, as every exchange can write it).
    const time = Math.max(last.time + 60_000, Math.floor((Date.now() - 60_000) / 1000) * 1000);
    const added = { ...last, id: last.id + 1, time };
    account.trades.push(added);
    try {
      const next = await syncToEnd(client, again.cursor);
      expect(next.movements.map((m) => m.kind)).toEqual(['trade']);
      expect(next.movements[0]?.at).toBe(new Date(added.time).toISOString());
      expect((await syncToEnd(client, next.cursor)).movements).toEqual([]);
    } finally {
      account.trades.pop();
    }
  });

  it('tells an unknown key from a wrong secret', async () => {
    const unknown = await refusal(connect(randomBytes(32).toString('hex'), account.secret).checkKey());
    expect(unknown.kind).toBe('bad-key');
    const wrongSecret = await refusal(connect(account.apiKey, randomBytes(48).toString('base64')).checkKey());
    expect(wrongSecret.kind).toBe(subject.wrongSecret);
    for (const err of [unknown, wrongSecret]) {
      expect(err.transient).toBe(false);
      expect(err.message).not.toContain(account.secret);
      expect(err.message).not.toContain(account.apiKey);
    }
  });

  it('says a key that worked and is refused now was revoked', async () => {
    const revocable = seedAccount(subject.seed);
    peer.addAccount(revocable);
    const client = connect(revocable.apiKey, revocable.secret);
    await client.fetchBalances();
    peer.removeAccount(revocable.apiKey);
    const err = await refusal(client.fetchBalances());
    expect(err.kind).toBe('revoked');
  });

  it.each([
    [{ trade: false, withdraw: false }, 'read-only'],
    [{ trade: true, withdraw: false }, 'trade'],
    [{ trade: true, withdraw: true }, 'withdraw'],
  ] as const)('reads the permissions %j as %s', async (permissions, expected) => {
    const keyed = seedAccount({ ...subject.seed, trades: 1, permissions });
    peer.addAccount(keyed);
    expect(await connect(keyed.apiKey, keyed.secret).checkKey()).toBe(expected);
  });

  it('reports a rate limit with the retry-after the exchange gives', async () => {
    const client = main;
    await client.fetchBalances();
    peer.rateLimit(1, 7);
    const err = await refusal(client.fetchBalances());
    expect(err.kind).toBe('rate-limited');
    expect(err.transient).toBe(true);
    expect(err.retryAfterMs).toBe(subject.retryAfterMs);
    await expect(client.fetchBalances()).resolves.toHaveLength(subject.expectedBalances(account).length);
  });

  it('reports an exchange that is down as unavailable, and reads again once it is back', async () => {
    const client = main;
    await client.fetchBalances();
    await peer.down();
    try {
      const err = await refusal(client.fetchBalances());
      expect(err.kind).toBe('unavailable');
      expect(err.transient).toBe(true);
    } finally {
      await peer.up();
    }
    await expect(client.fetchBalances()).resolves.toHaveLength(subject.expectedBalances(account).length);
  });
});

describe('the ccxt connector', () => {
  it('lists the first-class exchanges first, then the others ccxt can sync, by name', () => {
    const list = createCcxtConnector().list();
    expect(list.slice(0, 6).map((info) => info.id)).toEqual([
      'binance',
      'coinbase',
      'kraken',
      'kucoin',
      'okx',
      'bybit',
    ]);
    const rest = list.slice(6);
    expect(rest.length).toBeGreaterThan(50);
    expect(rest.every((info) => !info.firstClass && !info.reportsPermissions)).toBe(true);
    expect(rest.map((info) => info.name)).toEqual(
      [...rest.map((info) => info.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(new Set(list.map((info) => info.id)).size).toBe(list.length);
  });

  it('agrees with ccxt on which first-class exchanges need a passphrase', async () => {
    const ccxt = (await loadCcxt()) as unknown as Record<
      string,
      new () => { requiredCredentials: { password?: boolean } }
    >;
    for (const info of FIRST_CLASS_EXCHANGES) {
      const Exchange = ccxt[info.id];
      if (!Exchange) throw new Error(`ccxt lacks ${info.id}`);
      expect({ id: info.id, password: Boolean(new Exchange().requiredCredentials.password) }).toEqual({
        id: info.id,
        password: info.needsPassword,
      });
    }
  });

  it('refuses an exchange it does not know', () => {
    expect(() => createCcxtConnector().connect('no-such-exchange', { apiKey: 'k', secret: 's' })).toThrow(
      expect.objectContaining({ kind: 'unsupported' }),
    );
  });

  it('asks for the passphrase an exchange needs before any request', async () => {
    const client = createCcxtConnector().connect('okx', { apiKey: 'k', secret: 's' });
    const err = await refusal(client.checkKey());
    expect(err.kind).toBe('bad-key');
    expect(err.message).toMatch(/passphrase/);
    await client.close();
  });
});

describe('what ccxt throws, as an ExchangeError', () => {
  type Classes = Record<string, new (message: string) => Error>;
  const cases: [string, string, string, string][] = [
    ['okx', 'AuthenticationError', 'okx {"msg":"Invalid OK-ACCESS-KEY","code":"50111"}', 'bad-key'],
    ['okx', 'AuthenticationError', 'okx {"msg":"Invalid Sign","code":"50113"}', 'bad-secret'],
    ['okx', 'AuthenticationError', 'okx {"msg":"Invalid OK-ACCESS-PASSPHRASE","code":"50105"}', 'bad-secret'],
    ['okx', 'RateLimitExceeded', 'okx {"msg":"Too Many Requests","code":"50011"}', 'rate-limited'],
    ['kucoin', 'AuthenticationError', 'kucoin {"code":"400003","msg":"KC-API-KEY not exists"}', 'bad-key'],
    ['kucoin', 'AuthenticationError', 'kucoin {"code":"400005","msg":"Invalid KC-API-SIGN"}', 'bad-secret'],
    ['kucoin', 'PermissionDenied', 'kucoin {"code":"400006","msg":"IP not in whitelist"}', 'ip-restricted'],
    ['bybit', 'AuthenticationError', 'bybit {"retCode":10003,"retMsg":"API key is invalid."}', 'bad-key'],
    ['bybit', 'AuthenticationError', 'bybit {"retCode":10004,"retMsg":"Error sign"}', 'bad-secret'],
    [
      'bybit',
      'InvalidNonce',
      'bybit {"retCode":10002,"retMsg":"invalid request, please check your timestamp"}',
      'clock-skew',
    ],
    ['coinbase', 'AuthenticationError', 'coinbase 401 Unauthorized', 'bad-key'],
    ['coinbase', 'PermissionDenied', 'coinbase {"error":"PERMISSION_DENIED"}', 'ip-restricted'],
    ['coinbase', 'DDoSProtection', 'coinbase 429 Too Many Requests', 'rate-limited'],
    ['coinbase', 'RequestTimeout', 'coinbase GET https://api.coinbase.com request timed out', 'unavailable'],
    ['gate', 'ExchangeNotAvailable', 'gate 503 Service Unavailable', 'unavailable'],
    ['gate', 'NotSupported', 'gate fetchDeposits() is not supported yet', 'unsupported'],
  ];
  it.each(cases)('%s %s → %s', async (exchange, cls, message, kind) => {
    const ccxt = (await loadCcxt()) as unknown as Classes & CcxtErrorClasses;
    const Error = ccxt[cls];
    if (!Error) throw new globalThis.Error(`ccxt lacks ${cls}`);
    const mapped = toExchangeError(new Error(message), ccxt, {
      exchange,
      name: exchange,
      authenticatedBefore: false,
    });
    expect(mapped.kind).toBe(kind);
    expect(mapped.message).not.toContain('{');
  });
});
