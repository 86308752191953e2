/**
 * An exchange account's sync through faults: Binance (the local peer every role reaches it through) goes
 * down for 30 s in the middle of a first sync, and the worker running the sync is killed (SIGKILL) while
 * it waits; the peer comes back, the sync is resumed, and every movement of the account's history is then
 * stored exactly once: counted by external reference against the peer's own history (a trade's quote
 * side, the BTC or USDT it paid, is stored where the history allows, under the trade's reference).
 */
import { seedAccount, type PeerAccount } from '@coinpace/adapters/testing';
import { exchangeAccounts, holdingTransactions } from '@coinpace/db';
import { eq, like } from 'drizzle-orm';
import { seconds, sleep, until, type Scenario } from '../scenario.ts';

const OUTAGE_MS = 30_000;
/** Each answer of the peer comes this late, so that a first sync lasts long enough to be cut. */
const PEER_DELAY_MS = 150;
/** The lease a dead worker's sync holds (SYNC_LEASE_MS), and a margin. */
const LEASE_MS = 30_000;

/**
 * An account whose whole history a sync can take: buys only, and deposits (before the one withdrawal)
 * large enough to pay for every trade, so every trade's quote side (the USDT or BTC paid) is stored too.
 */
function faultAccount(): PeerAccount {
  const account = seedAccount({
    trades: 450,
    symbols: ['BTC/USDT', 'ETH/USDT', 'ETH/BTC'],
    deposits: 3,
    withdrawals: 1,
  });
  return {
    ...account,
    trades: account.trades.map((t) => ({ ...t, side: 'buy' as const })),
    deposits: account.deposits.map((d) => ({ ...d, amount: '1000000' })),
  };
}

/** The external ids a sync of `account` stores (ccxt-client.ts names them so). */
function expectedIds(account: PeerAccount): string[] {
  return [
    ...account.trades.map((t) => `trade:${t.symbol.replace('/', '')}:${t.id}`),
    ...account.deposits.map((d) => `deposit:${d.id}`),
    ...account.withdrawals.map((w) => `withdrawal:${w.id}`),
  ];
}

export const exchangeSyncFaults: Scenario = {
  name: 'exchange-sync',
  title: 'exchange down 30 s and the syncing worker SIGKILLed mid-sync',
  async run(ctx) {
    const { topology, token, say } = ctx;
    const { binance, database } = topology;
    const db = database.db;
    const api = topology.role('api-1').url;
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${api}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    };

    const account = faultAccount();
    binance.addAccount(account);
    binance.slow(PEER_DELAY_MS);
    const started = Date.now();
    const connected = await call('POST', '/api/exchange-accounts', {
      exchange: 'binance',
      label: 'Faults',
      apiKey: account.apiKey,
      secret: account.secret,
      confirmReadOnly: true,
    });
    if (connected.status !== 201) throw new Error(`connect answered ${connected.status}`);
    const accountId = (connected.body as { id: string }).id;
    const refs = like(holdingTransactions.externalRef, `exchange:${accountId}:%`);
    const stored = async () =>
      (await db.select({ ref: holdingTransactions.externalRef }).from(holdingTransactions).where(refs)).map(
        (r) => r.ref!,
      );
    const state = async () =>
      (await db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, accountId)))[0]!;

    // Mid-sync: some pages stored, the sync still reading.
    await until(async () => (await stored()).length > 0, 30_000, 'the first synced movements');
    const [running] = topology.log.find('exchange sync started', started);
    if (!running) throw new Error('no worker said it started the sync');
    const before = (await stored()).length;
    await binance.down();
    const downAt = Date.now();
    say(`Binance down with ${before} movements stored; ${running.name} is syncing`);
    // The sync waits out the outage with back-off; its worker dies meanwhile.
    await sleep(3_000);
    const holding = (await state()).syncingSince !== null;
    await topology.role(running.name).stop('SIGKILL');
    say(`${running.name} killed mid-sync; restarting it`);
    await topology.restart(running.name);
    await sleep(Math.max(0, downAt + OUTAGE_MS - Date.now()));
    await binance.up();
    const upAt = Date.now();
    say('Binance back; resuming the sync');

    // Resumed: by BullMQ giving the dead worker's job to another, or by "Sync now" once the lease lapsed.
    let pressed = 0;
    await until(
      async () => {
        const now = await state();
        if (now.lastSyncAt && now.lastSyncAt.getTime() > upAt && !now.syncingSince) return true;
        const free = !now.syncingSince || Date.now() - now.syncingSince.getTime() > LEASE_MS;
        if (free && Date.now() - upAt > pressed * 5_000) {
          pressed += 1;
          await call('POST', `/api/exchange-accounts/${accountId}/sync`);
        }
        return false;
      },
      LEASE_MS + 45_000,
      'the resumed sync to finish',
    );
    const finishedMs = Date.now() - upAt;
    binance.slow(0);

    const rows = await stored();
    const prefix = `exchange:${accountId}:`;
    const got = new Set(rows.map((r) => r.slice(prefix.length)));
    const expected = expectedIds(account);
    const lost = expected.filter((id) => !got.has(id));
    const doubled = rows.length - got.size;
    // A trade's quote side (the BTC or USDT paid) carries the trade's id and the quote's code.
    const sideOf = (id: string) => id.replace(/:(btc|usdt)$/, '');
    const quoteSides = [...got].filter((id) => sideOf(id) !== id && expected.includes(sideOf(id)));
    const unknown = [...got].filter((id) => !expected.includes(id) && !quoteSides.includes(id));
    const final = await state();
    return {
      batches: [],
      figures: {
        'movements in the history': String(expected.length),
        'stored before the outage': String(before),
        'quote sides stored': String(quoteSides.length),
        'sync finished after Binance came back': seconds(finishedMs),
        '"Sync now" pressed': String(pressed),
      },
      checks: [
        { what: 'the worker was killed while it held the sync', ok: holding },
        {
          what: 'no movement lost',
          ok: lost.length === 0,
          detail: `${lost.length} missing (${lost.slice(0, 3).join(', ')})`,
        },
        { what: 'no movement stored twice', ok: doubled === 0, detail: `${doubled} extra` },
        {
          what: "every trade's quote side stored",
          ok: quoteSides.length === account.trades.length,
          detail: `${quoteSides.length} of ${account.trades.length}`,
        },
        {
          what: 'nothing stored the history lacks',
          ok: unknown.length === 0,
          detail: unknown.slice(0, 3).join(', '),
        },
        {
          what: 'the account is active with no error',
          ok: final.status === 'active' && final.lastError === null,
          detail: `${final.status}: ${final.lastError ?? ''}`,
        },
      ],
    };
  },
};
