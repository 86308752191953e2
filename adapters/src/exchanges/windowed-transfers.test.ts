/**
 * KuCoin and Bybit answer deposits and withdrawals only within a time window per request (KuCoin 7 days,
 * Bybit 30) and only from a date on; their peers refuse a wider request with the exchange's error. A
 * first sync walks the windows from the oldest instant each serves, finds a deposit and a withdrawal
 * near that edge and a burst of deposits too many for one page, and resumes from a cursor stored midway
 * with nothing lost and nothing twice.
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

/** The oldest day each exchange lists transfers from, and the widest window it answers. */
const SUBJECTS: { exchange: RecordedExchange; servedFrom: number; windowDays: number }[] = [
  { exchange: 'kucoin', servedFrom: Date.UTC(2019, 1, 18), windowDays: 7 },
  { exchange: 'bybit', servedFrom: Date.UTC(2018, 2, 1), windowDays: 30 },
];

beforeAll(async () => {
  await loadCcxt();
});

describe.each(SUBJECTS)(
  '$exchange deposits and withdrawals by time window',
  ({ exchange, servedFrom, windowDays }) => {
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
      account = seedAccount({ trades: 0, deposits: 12, withdrawals: 3 });
      // The oldest deposit and withdrawal a few days inside the exchange's edge, then a burst of 11
      // deposits a minute apart 20 days back, and withdrawals a year and a week back.
      const burst = Math.floor((Date.now() - 20 * DAY) / 60_000) * 60_000;
      account.deposits.forEach((t, i) => {
        t.time = i === 0 ? servedFrom + 3 * DAY : burst + i * 60_000;
      });
      const times = [servedFrom + 2 * DAY, Date.now() - 365 * DAY, Date.now() - 7 * DAY];
      account.withdrawals.forEach((t, i) => {
        t.time = Math.floor(times[i]! / 1000) * 1000;
      });
      peer = await startRecordedPeer(exchange, { accounts: [account] });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await peer.close();
    });

    const expected = () =>
      [
        ...account.deposits.map((t) => `deposit:${t.id}`),
        ...account.withdrawals.map((t) => `withdrawal:${t.id}`),
      ].sort();
    const idOf = (m: ExchangeMovement) => m.externalId;

    async function readPages(
      client: ExchangeClient,
      cursor: SyncCursor | null,
      most = 1_000,
    ): Promise<{ movements: ExchangeMovement[]; cursor: SyncCursor | null; done: boolean }> {
      const movements: ExchangeMovement[] = [];
      let at = cursor;
      for (let pages = 0; pages < most; pages += 1) {
        const page = await client.fetchMovements(at);
        movements.push(...page.movements);
        at = page.cursor;
        if (page.done) return { movements, cursor: at, done: true };
      }
      return { movements, cursor: at, done: false };
    }

    it('a first sync reads deposits and withdrawals back to the oldest the exchange serves', async () => {
      const { movements, done } = await readPages(connect(), null);
      expect(done).toBe(true);
      const ids = movements.map(idOf);
      expect(ids.length).toBe(new Set(ids).size);
      expect([...ids].sort()).toEqual(expected());
      const oldest = (kind: string) => movements.find((m) => m.kind === kind)?.at;
      expect(oldest('deposit')).toBe(new Date(account.deposits[0]!.time).toISOString());
      expect(oldest('withdrawal')).toBe(new Date(account.withdrawals[0]!.time).toISOString());
    });

    it('resumes a walk stopped midway from its cursor: nothing lost, nothing twice', async () => {
      const first = await readPages(connect(), null, 2);
      expect(first.done).toBe(false);
      const rest = await readPages(connect(), first.cursor);
      expect(rest.done).toBe(true);
      const ids = [...first.movements, ...rest.movements].map(idOf);
      expect(ids.length).toBe(new Set(ids).size);
      expect([...ids].sort()).toEqual(expected());
    });

    it('refuses, as the exchange does, a window wider than it answers', async () => {
      // ccxt's own exchange object, without the client's windows: the asks the walk above never makes.
      const ex = await bareCcxtAtPeer(exchange, account, peer.url);
      try {
        const now = Date.now();
        const wide = now - (windowDays + 1) * DAY;
        await expect(ex.fetchDeposits(undefined, wide, 10, { until: now })).rejects.toThrow(/days/);
        await expect(ex.fetchWithdrawals(undefined, wide, 10, { until: now })).rejects.toThrow(/days/);
        // The widest window it answers is answered.
        const widest = now - windowDays * DAY;
        await expect(ex.fetchDeposits(undefined, widest, 10, { until: now })).resolves.toBeInstanceOf(Array);
      } finally {
        await ex.close();
      }
    });
  },
);
