import { describe, expect, it } from 'vitest';
import {
  DEMO_EXCHANGE_ID,
  DEMO_FIRST_DAY,
  DEMO_UNEXPLAINED,
  createDemoConnector,
  withDemoExchange,
} from './demo-exchange.ts';
import { ExchangeError, type ExchangeMovement, type SyncCursor } from './port.ts';

const END = DEMO_FIRST_DAY + 400 * 86_400_000;
const connector = createDemoConnector({ now: () => END });

/** Sums what the movements bring in and take out, per asset, in hundred-millionths. */
function netOf(movements: ExchangeMovement[]): Map<string, bigint> {
  const units = (v: string) => {
    const [whole, frac = ''] = v.split('.');
    return BigInt(whole!) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
  };
  const net = new Map<string, bigint>();
  const add = (asset: string, v: bigint) => net.set(asset, (net.get(asset) ?? 0n) + v);
  for (const m of movements) {
    if (m.kind === 'trade') add(m.base, m.side === 'buy' ? units(m.amount) : -units(m.amount));
    else if (m.kind === 'deposit') add(m.asset, units(m.amount));
    else add(m.asset, -units(m.amount) - (m.fee?.asset === m.asset ? units(m.fee.amount) : 0n));
  }
  return net;
}

async function readAll(cursor: SyncCursor | null = null) {
  const client = connector.connect(DEMO_EXCHANGE_ID, { apiKey: 'any key', secret: 'x' });
  const movements: ExchangeMovement[] = [];
  const progress: number[] = [];
  for (;;) {
    const page = await client.fetchMovements(cursor);
    movements.push(...page.movements);
    progress.push(page.progress ?? -1);
    cursor = page.cursor;
    if (page.done) break;
  }
  return { movements, progress, cursor, client };
}

describe('demo exchange', () => {
  it('accepts any key as read-only and refuses other exchange ids', async () => {
    const client = connector.connect(DEMO_EXCHANGE_ID, { apiKey: 'whatever', secret: '' });
    expect(await client.checkKey()).toBe('read-only');
    expect(() => connector.connect('binance', { apiKey: 'a', secret: 'b' })).toThrow(ExchangeError);
  });

  it('pages a year of movements with cursors, the same for the same key, and progress up to 1', async () => {
    const { movements, progress, cursor, client } = await readAll();
    expect(movements.length).toBeGreaterThan(60);
    expect(new Set(movements.map((m) => m.externalId)).size).toBe(movements.length);
    expect(movements.filter((m) => m.kind === 'deposit')).toHaveLength(1);
    expect(movements.filter((m) => m.kind === 'withdrawal')).toHaveLength(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect((await readAll()).movements).toEqual(movements);
    // Read on from the end: nothing new.
    expect((await client.fetchMovements(cursor)).movements).toEqual([]);
  });

  it('keeps balances consistent with the movements except the staking rewards', async () => {
    const { movements, client } = await readAll();
    const net = netOf(movements);
    const balances = await client.fetchBalances();
    for (const [asset, units] of net) {
      const spot = balances.find((b) => b.asset === asset && b.wallet === 'spot')!;
      expect(
        netOf([{ kind: 'deposit', asset, amount: spot.total, externalId: '', at: '', fee: null }]).get(asset),
      ).toBe(units);
    }
    expect(balances).toContainEqual({ asset: 'SOL', total: DEMO_UNEXPLAINED.amount, wallet: 'earn' });
  });

  it('shows only what has happened by its clock, as a prefix of the whole history', async () => {
    const early = createDemoConnector({ now: () => DEMO_FIRST_DAY + 30 * 86_400_000 }).connect(
      DEMO_EXCHANGE_ID,
      {
        apiKey: 'any key',
        secret: 'x',
      },
    );
    const page = await early.fetchMovements(null);
    const all = (await readAll()).movements;
    expect(page.movements).toEqual(all.slice(0, page.movements.length));
    expect(page.movements.length).toBeLessThan(all.length);
  });

  it('is offered beside the real exchanges, first-class ones first', () => {
    const real = {
      list: () => [
        { id: 'hitbtc', name: 'HitBTC', firstClass: false, needsPassword: false, reportsPermissions: false },
        { id: 'binance', name: 'Binance', firstClass: true, needsPassword: false, reportsPermissions: true },
      ],
      connect: () => {
        throw new ExchangeError('unsupported', 'no');
      },
    };
    expect(
      withDemoExchange(real)
        .list()
        .map((e) => e.id),
    ).toEqual(['binance', 'demo', 'hitbtc']);
    expect(
      withDemoExchange()
        .list()
        .map((e) => e.id),
    ).toEqual(['demo']);
  });
});
