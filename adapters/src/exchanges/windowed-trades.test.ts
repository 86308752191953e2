/**
 * KuCoin, OKX and Bybit answer trades only within a time window per request and only so far back; their
 * peers refuse a wider or older request with the exchange's error. A first sync walks the windows from
 * the oldest instant each serves, finds a trade near that edge and a burst of trades too many for one
 * page, and resumes from a cursor stored midway with nothing lost and nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCcxtConnector, loadCcxt } from './ccxt-client.ts';
import type { ExchangeClient, ExchangeMovement, SyncCursor } from './port.ts';
import { seedAccount, type PeerAccount } from './testing/accounts.ts';
import {
  bareCcxtAtPeer,
  startRecordedPeer,
  type RecordedExchange,
  type RecordedPeer,
} from './testing/recorded-peer.ts';

const DAY = 86_400_000;

/** How far back each exchange serves trades, in days; a trade is seeded a few days inside it. */
const SUBJECTS: { exchange: RecordedExchange; backDays: number }[] = [
  { exchange: 'kucoin', backDays: 365 },
  { exchange: 'okx', backDays: 90 },
  { exchange: 'bybit', backDays: 730 },
];

beforeAll(async () => {
  await loadCcxt();
});

describe.each(SUBJECTS)('$exchange trades by time window', ({ exchange, backDays }) => {
  let peer: RecordedPeer;
  let account: PeerAccount;
  const clients: ExchangeClient[] = [];
  const connect = () => {
    const connector = createCcxtConnector({
      urls: { [exchange]: peer.url },
      throttle: async () => undefined,
      timeoutMs: 3_000,
      // Fewer than the burst below: a window holding it must be narrowed.
      pageSize: 7,
    });
    const client = connector.connect(exchange, {
      apiKey: account.apiKey,
      secret: account.secret,
      password: 'passphrase',
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // A burst of 25 trades a minute apart, 20 days back, and the oldest one near the exchange's edge.
    account = seedAccount({
      trades: 25,
      start: Math.floor((Date.now() - 20 * DAY) / 60_000) * 60_000,
      deposits: 0,
      withdrawals: 0,
    });
    account.trades[0]!.time = Math.floor((Date.now() - (backDays - 3) * DAY) / 1000) * 1000;
    peer = await startRecordedPeer(exchange, { accounts: [account] });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await peer.close();
  });

  const expected = () => account.trades.map((t) => `trade:${t.id}`).sort();

  async function readPages(
    client: ExchangeClient,
    cursor: SyncCursor | null,
    most = 1_000,
  ): Promise<{
    movements: ExchangeMovement[];
    cursor: SyncCursor | null;
    done: boolean;
    progress: number[];
  }> {
    const movements: ExchangeMovement[] = [];
    const progress: number[] = [];
    let at = cursor;
    for (let pages = 0; pages < most; pages += 1) {
      const page = await client.fetchMovements(at);
      movements.push(...page.movements);
      if (page.progress !== null) progress.push(page.progress);
      at = page.cursor;
      if (page.done) return { movements, cursor: at, done: true, progress };
    }
    return { movements, cursor: at, done: false, progress };
  }

  it('walks back to the oldest trade served, within the windows the exchange allows', async () => {
    const { movements, done, progress } = await readPages(connect(), null);
    expect(done).toBe(true);
    const ids = movements.map((m) => m.externalId);
    expect(ids.length).toBe(new Set(ids).size);
    expect([...ids].sort()).toEqual(expected());
    expect(movements[0]?.at).toBe(new Date(account.trades[0]!.time).toISOString());
    // The progress of the walk only grows, up to the whole.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('resumes a walk stopped midway from its cursor: nothing lost, nothing twice', async () => {
    const first = await readPages(connect(), null, 2);
    expect(first.done).toBe(false);
    const rest = await readPages(connect(), first.cursor);
    expect(rest.done).toBe(true);
    const ids = [...first.movements, ...rest.movements].map((m) => m.externalId);
    expect(ids.length).toBe(new Set(ids).size);
    expect([...ids].sort()).toEqual(expected());
  });

  it('refuses, as the exchange does, a window wider or older than it serves', async () => {
    // ccxt's own exchange object, without the client's windows: the asks the walk above never makes.
    const ex = await bareCcxtAtPeer(exchange, account, peer.url);
    try {
      const older = Date.now() - (backDays + 10) * DAY;
      await expect(ex.fetchMyTrades(undefined, older, 10, { until: older + DAY })).rejects.toThrow(/days/);
      const now = Date.now();
      await expect(ex.fetchMyTrades(undefined, now - 100 * DAY, 10, { until: now })).rejects.toThrow(/days/);
    } finally {
      await ex.close();
    }
  });
});
