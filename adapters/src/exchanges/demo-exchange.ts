/**
 * The "Demo exchange": an exchange account simulated in process, offered by `npm start` with no settings.
 * Any key is accepted and reported read-only. The account holds a few coins of the simulated coin list,
 * with a year of generated trades, one deposit and one withdrawal, all derived from the API key, so the
 * same key always shows the same account: syncs are repeatable and a page read twice is the same page.
 *
 * The balances follow from the movements, except one deliberate difference: staking rewards in the earn
 * wallet (SOL) that no movement explains, as real exchanges report them, so the holding screen's
 * reconciliation has something to show.
 */
import { hashString } from '../prices/simulated-coins.ts';
import {
  ExchangeError,
  type ExchangeBalance,
  type ExchangeClient,
  type ExchangeConnector,
  type ExchangeCredentials,
  type ExchangeInfo,
  type ExchangeMovement,
  type MovementPage,
  type SyncCursor,
} from './port.ts';

export const DEMO_EXCHANGE_ID = 'demo';

export const DEMO_EXCHANGE_INFO: ExchangeInfo = {
  id: DEMO_EXCHANGE_ID,
  name: 'Demo exchange',
  firstClass: true,
  needsPassword: false,
  reportsPermissions: true,
};

/** The first day of the simulated history (UTC); the year after it holds the trades. */
export const DEMO_FIRST_DAY = Date.UTC(2025, 11, 1);
const DAY_MS = 86_400_000;
const DAYS = 365;

/** Movements per page: a first sync reads a few pages and reports progress between them. */
export const DEMO_PAGE_SIZE = 100;

/** Amounts are kept in hundred-millionths, as integers, so balances add up exactly. */
const UNIT = 100_000_000n;

interface DemoCoin {
  asset: string;
  quote: string;
  /** USD per coin the walk moves around. */
  baseUsd: number;
  /** Typical size of one buy, in hundred-millionths. */
  lot: bigint;
}

/** Coins of the simulated coin list (SIMULATED_COINS), each traded against a USD-like quote. */
const COINS: readonly DemoCoin[] = [
  { asset: 'BTC', quote: 'USD', baseUsd: 97_000, lot: 1_000_000n },
  { asset: 'ETH', quote: 'USDT', baseUsd: 3_400, lot: 20_000_000n },
  { asset: 'SOL', quote: 'USD', baseUsd: 190, lot: 300_000_000n },
  { asset: 'DOGE', quote: 'USDC', baseUsd: 0.38, lot: 150_000_000_000n },
];

/** The staking rewards the balances hold beyond the movements (the deliberate difference). */
export const DEMO_UNEXPLAINED = { asset: 'SOL', amount: '0.75', wallet: 'earn' } as const;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function decimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNIT;
  const frac = (abs % UNIT).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

function priceOn(coin: DemoCoin, day: number, rand: () => number): string {
  const wave = 1 + 0.18 * Math.sin(day / 37 + coin.baseUsd) + 0.06 * (rand() - 0.5);
  const usd = coin.baseUsd * wave;
  return usd >= 1 ? usd.toFixed(2) : usd.toPrecision(4);
}

/** The whole history of the account of `apiKey`, oldest first, and its balances. */
export function demoHistory(apiKey: string): { movements: ExchangeMovement[]; balances: ExchangeBalance[] } {
  const rand = random(hashString(`demo-exchange:${apiKey}`));
  const held = new Map<string, bigint>(COINS.map((c) => [c.asset, 0n]));
  const movements: ExchangeMovement[] = [];
  let id = 1;
  const at = (day: number) =>
    new Date(DEMO_FIRST_DAY + day * DAY_MS + Math.floor(rand() * DAY_MS)).toISOString();

  // The deposit: ETH brought from a wallet in the first week.
  const deposit = 150_000_000n;
  movements.push({
    kind: 'deposit',
    externalId: `deposit:d${hashString(`${apiKey}:deposit`).toString(16)}`,
    at: new Date(DEMO_FIRST_DAY + 3 * DAY_MS + 3_600_000).toISOString(),
    asset: 'ETH',
    amount: decimal(deposit),
    fee: null,
  });
  held.set('ETH', deposit);

  for (let day = 0; day < DAYS; day++) {
    for (const coin of COINS) {
      // About one trade per coin a fortnight.
      if (rand() > 1 / 14) continue;
      const have = held.get(coin.asset)!;
      const sell = have > 0n && rand() < 0.3;
      const scale = BigInt(Math.floor(50 + rand() * 100));
      const amount = sell ? (have * scale) / 400n : (coin.lot * scale) / 100n;
      if (amount <= 0n) continue;
      const price = priceOn(coin, day, rand);
      const fee = ((Number(decimal(amount)) * Number(price)) / 1000).toFixed(2);
      held.set(coin.asset, have + (sell ? -amount : amount));
      movements.push({
        kind: 'trade',
        externalId: `trade:${id++}`,
        at: at(day),
        side: sell ? 'sell' : 'buy',
        base: coin.asset,
        quote: coin.quote,
        amount: decimal(amount),
        price,
        fee: { asset: coin.quote, amount: fee },
      });
    }
    if (day === 300 && held.get('BTC')! > 40_000n) {
      // The withdrawal: a quarter of the BTC to a wallet, with the network fee in BTC.
      const amount = held.get('BTC')! / 4n;
      const fee = 20_000n;
      held.set('BTC', held.get('BTC')! - amount - fee);
      movements.push({
        kind: 'withdrawal',
        externalId: `withdrawal:w${hashString(`${apiKey}:withdrawal`).toString(16)}`,
        at: new Date(DEMO_FIRST_DAY + day * DAY_MS + 7_200_000).toISOString(),
        asset: 'BTC',
        amount: decimal(amount),
        fee: { asset: 'BTC', amount: decimal(fee) },
      });
    }
  }
  movements.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { movements, balances: demoBalances(movements) };
}

function units(value: string): bigint {
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole!) * UNIT + BigInt(frac.padEnd(8, '0').slice(0, 8));
}

/** The balances after `movements`, plus the staking rewards and some cash. */
export function demoBalances(movements: readonly ExchangeMovement[]): ExchangeBalance[] {
  const held = new Map<string, bigint>(COINS.map((c) => [c.asset, 0n]));
  const add = (asset: string, value: bigint) => held.set(asset, (held.get(asset) ?? 0n) + value);
  for (const m of movements) {
    if (m.kind === 'trade') add(m.base, m.side === 'buy' ? units(m.amount) : -units(m.amount));
    else if (m.kind === 'deposit') add(m.asset, units(m.amount));
    else add(m.asset, -units(m.amount) - (m.fee?.asset === m.asset ? units(m.fee.amount) : 0n));
  }
  const balances: ExchangeBalance[] = COINS.map((c) => ({
    asset: c.asset,
    total: decimal(held.get(c.asset)!),
    wallet: 'spot' as const,
  }));
  balances.push({
    asset: DEMO_UNEXPLAINED.asset,
    total: DEMO_UNEXPLAINED.amount,
    wallet: DEMO_UNEXPLAINED.wallet,
  });
  balances.push({ asset: 'USD', total: '2500', wallet: 'spot' });
  return balances;
}

export interface DemoExchangeOptions {
  /** The clock: movements after it have not happened yet. Default the real one. */
  now?: () => number;
  pageSize?: number;
}

/** A client of the demo account of `credentials.apiKey`. */
export function createDemoClient(
  credentials: ExchangeCredentials,
  options: DemoExchangeOptions = {},
): ExchangeClient {
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? DEMO_PAGE_SIZE;
  let history: ReturnType<typeof demoHistory> | null = null;
  let closed = false;
  const read = () => {
    if (closed) throw new ExchangeError('unavailable', 'The demo exchange client was closed.');
    history ??= demoHistory(credentials.apiKey);
    return history;
  };
  // Movements up to now are a prefix of the whole history: an index into it stays valid as time passes.
  const happened = () => {
    const cut = new Date(now()).toISOString();
    return read().movements.filter((m) => m.at <= cut);
  };
  return {
    exchange: DEMO_EXCHANGE_ID,
    async checkKey() {
      read();
      return 'read-only';
    },
    async fetchBalances() {
      return demoBalances(happened());
    },
    async fetchMovements(cursor: SyncCursor | null): Promise<MovementPage> {
      const upToNow = happened();
      const from = typeof cursor?.next === 'number' ? cursor.next : 0;
      const to = Math.min(upToNow.length, from + pageSize);
      return {
        movements: upToNow.slice(from, to).map((m) => structuredClone(m)),
        cursor: { next: to },
        done: to >= upToNow.length,
        progress: upToNow.length === 0 ? 1 : to / upToNow.length,
      };
    },
    async close() {
      closed = true;
    },
  };
}

/** The connector of the demo exchange alone. */
export function createDemoConnector(options: DemoExchangeOptions = {}): ExchangeConnector {
  return {
    list: () => [DEMO_EXCHANGE_INFO],
    connect(exchange, credentials) {
      if (exchange !== DEMO_EXCHANGE_ID)
        throw new ExchangeError('unsupported', `Unknown exchange: ${exchange}.`);
      return createDemoClient(credentials, options);
    },
  };
}

/**
 * The demo exchange and the real ones (ccxt's connector, when wired) as one connector: the real exchanges'
 * first-class ones first, then the demo, then the rest.
 */
export function withDemoExchange(
  real?: ExchangeConnector,
  options: DemoExchangeOptions = {},
): ExchangeConnector {
  const demo = createDemoConnector(options);
  if (!real) return demo;
  return {
    list() {
      const others = real.list().filter((e) => e.id !== DEMO_EXCHANGE_ID);
      return [
        ...others.filter((e) => e.firstClass),
        DEMO_EXCHANGE_INFO,
        ...others.filter((e) => !e.firstClass),
      ];
    },
    connect(exchange, credentials) {
      return exchange === DEMO_EXCHANGE_ID
        ? demo.connect(exchange, credentials)
        : real.connect(exchange, credentials);
    },
  };
}
