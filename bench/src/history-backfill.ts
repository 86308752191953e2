/**
 * The market history backfill at scale: 1,000 held coins, each first traded 5 years ago, filled by the
 * real poller (leader election, live poll and backfill) from local CoinGecko and Binance peers, with the
 * configured default shares: CoinGecko's demo quota of 30 calls a minute enforced by the peer, the
 * history share of DEFAULT_HISTORY_SHARE, Binance's BINANCE_HISTORY_SHARE, and the live poll every minute
 * (PRICE_POLL_MS's default; `--poll-minutes` sets another, `--quota` another plan's quota). Time runs `--speedup` times faster for every one of those windows alike (a
 * minute lasts 60 000 / speedup ms), so a fill of hours at the real quota is measured in minutes; the
 * figures are given in both clocks.
 * It measures whether the fill stays within the quota (429s from the peer per route, the most history
 * calls and the most calls of all kinds in any window) while the live polls start on time, and what a new
 * leader afterwards asks for history already stored (0 upstream calls expected).
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:history -- --backfill [--coins 1000 --speedup 40 --max-minutes 30 --poll-minutes 1 --quota 30]
 * Writes bench/results/history-backfill.json. Not run in CI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BINANCE_HISTORY_SHARE,
  DEFAULT_COIN_LIST_REFRESH_MS,
  DEFAULT_HISTORY_SHARE,
  DEFAULT_USER_SHARE,
  createCoinGeckoPriceSource,
  createMemoryUpstreamBudget,
} from '@coinpace/adapters';
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { createFakeBinance, createFakeCoinGecko, createTestBus } from '@coinpace/adapters/testing';
import {
  createDbPriceStore,
  findMarketHistoryGaps,
  holdingTransactions,
  listHistoryCoins,
  type AppDb,
} from '@coinpace/db';
import { createTestDatabase, createTestHolding, createTestUser } from '@coinpace/db/testing';
import { COINGECKO_QUOTA_WINDOW_MS, createPricePoller, wantedSpans } from '@coinpace/realtime';
import { ROOT } from './child-server.ts';
import { percentile } from './stats.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** CoinGecko's demo plan: 30 calls in any minute, whoever sends them. */
export const DEMO_QUOTA_PER_MINUTE = 30;
/** The poll asks for this many coins per simple/price call (the adapter's default priceBatchSize). */
const COINS_PER_POLL_CALL = 50;

export interface BackfillBenchOptions {
  coins: number;
  years: number;
  /** How many times faster than real time every quota window and the poll run. */
  speedup: number;
  /** Real minutes after which an unfinished fill stops, and the figures so far are printed. */
  maxMinutes: number;
  /** PRICE_POLL_MS in minutes (its default is 1). */
  pollMinutes: number;
  /** The calls in any minute the CoinGecko peer answers before it says 429 (the plan's quota). */
  quota: number;
}

/** The most timestamps of `times` (ascending) inside any window of `windowMs`. */
function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let i = 0; i < times.length; i += 1) {
    while (times[i]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, i - first + 1);
  }
  return most;
}

/** The start of each live poll: the poll's simple/price calls come in a burst, polls `pollMs` apart. */
function pollStarts(times: readonly number[], pollMs: number): number[] {
  return times.filter((at, i) => i === 0 || at - times[i - 1]! > pollMs / 2);
}

/** How many coins, in the backfill's own order, have every wanted span stored. */
async function completeCoins(db: AppDb, from: number): Promise<number> {
  const coins = await listHistoryCoins(db);
  let done = from;
  for (const coin of coins.slice(from)) {
    for (const { granularity, span } of wantedSpans(coin.firstTradeAt, Date.now())) {
      const key = { coingeckoId: coin.coingeckoId, currency: 'usd', granularity };
      if ((await findMarketHistoryGaps(db, key, span)).length > 0) return done;
    }
    done += 1;
  }
  return done;
}

export async function runBackfillBench(options: BackfillBenchOptions): Promise<void> {
  const { coins: COINS, years: YEARS, speedup: SPEEDUP, quota: QUOTA } = options;
  const scaledMinute = MINUTE / SPEEDUP;
  const pollMs = options.pollMinutes * scaledMinute;
  const databaseUrl = process.env.DATABASE_URL;
  const engine = databaseUrl ? 'postgres' : 'pglite';
  const database = await createTestDatabase(engine, databaseUrl);
  const bus = await createTestBus('memory');
  const coingecko = createFakeCoinGecko({
    empty: true,
    quota: { calls: QUOTA, perMs: scaledMinute },
  });
  const binance = createFakeBinance();
  const firstTrade = Date.now() - YEARS * 365 * DAY;
  const { db } = database;
  try {
    const user = await createTestUser(db);
    for (let i = 0; i < COINS; i += 1) {
      const coin = { id: `backfill-coin-${i}`, symbol: `bf${i}`, name: `Backfill Coin ${i}` };
      coingecko.addCoin({ ...coin, usd: 10 + (i % 90) });
      binance.addPair({ symbol: `BF${i}USDT`, listedAt: Date.parse('2017-08-17T00:00:00Z') });
      const held = await createTestHolding(db, user.id, {
        coingeckoId: coin.id,
        symbol: coin.symbol.toUpperCase(),
        name: coin.name,
      });
      await db.insert(holdingTransactions).values({
        holdingId: held.id,
        userId: user.id,
        kind: 'buy',
        at: new Date(firstTrade + (i % 24) * 3_600_000),
        quantity: '1',
      });
    }
    const { url } = await coingecko.start();
    const { url: binanceUrl } = await binance.start();
    const coinListRefreshMs = DEFAULT_COIN_LIST_REFRESH_MS / SPEEDUP;
    const share = (s: { calls: number; perMs: number }) => ({ calls: s.calls, perMs: s.perMs / SPEEDUP });
    const poller = () =>
      createPricePoller({
        db,
        bus,
        prices: createCoinGeckoPriceSource({
          baseUrl: url,
          binanceBaseUrl: binanceUrl,
          minGapMs: 300 / SPEEDUP,
          lockMs: 120_000 / SPEEDUP,
          historyBudget: createMemoryUpstreamBudget(share(DEFAULT_HISTORY_SHARE)),
          binanceBudget: createMemoryUpstreamBudget(share(BINANCE_HISTORY_SHARE)),
          // As in the server: the poller stores the list and the adapter reads the stored one.
          store: createDbPriceStore(db),
        }),
        pollMs,
        lockTtlMs: 15_000,
        marketBackfillRescanMs: scaledMinute,
        // The list's 6-hourly refresh on the same clock, so a long fill meets it as often as in real time.
        coinListRefreshMs,
        // As the server sets it against CoinGecko.
        quotaWindowMs: COINGECKO_QUOTA_WINDOW_MS / SPEEDUP,
      });

    console.log(
      `bench:history --backfill on ${engine}: ${COINS} coins first traded ${YEARS} years ago; a minute lasts ${scaledMinute} ms (speedup ${SPEEDUP})`,
    );
    // The quota holds for any minute, so what counts is the most each sender can put into one: a poll's
    // whole burst (its calls come together, whatever the interval) and each share (its bucket's burst
    // plus a minute's refill is the share). No user calls here, so the users' share is shown, not spent.
    const pollBurst = Math.ceil((COINS + TICKER_COIN_IDS.length) / COINS_PER_POLL_CALL);
    const historyMost = DEFAULT_HISTORY_SHARE.calls;
    const usersMost = DEFAULT_USER_SHARE.calls;
    console.log(
      `  most in any minute: poll ${pollBurst} (one poll every ${options.pollMinutes} min) + history ${historyMost} = ${pollBurst + historyMost} of the quota's ${QUOTA}; with the users' share spent too, + ${usersMost} = ${pollBurst + historyMost + usersMost}`,
    );
    const started = Date.now();
    const first = poller();
    first.start();
    let done = 0;
    const deadline = started + options.maxMinutes * MINUTE;
    while (done < COINS) {
      // Out of time: the figures so far are still worth printing, marked as a partial fill.
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      done = await completeCoins(db, done);
      const calls = coingecko.requestsTo('coins/market_chart/range').length;
      console.log(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${done}/${COINS} coins complete, ${calls} CoinGecko history calls, ${binance.requests.length} Binance calls`,
      );
    }
    const elapsedMs = Date.now() - started;
    await first.stop();

    const history = coingecko.requestsTo('coins/market_chart/range');
    const polls = coingecko.requestsTo('simple/price');
    const everything = [
      ...history,
      ...polls,
      ...coingecko.requestsTo('coins/list'),
      ...coingecko.requestsTo('coins/markets'),
    ];
    const binanceCalls = binance.requests.length;
    const coinListReads = coingecko.requestsTo('coins/list').length;
    const starts = pollStarts(
      polls.map((p) => p.at).sort((a, b) => a - b),
      pollMs,
    );
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    const late = gaps.map((g) => Math.max(0, g - pollMs)).sort((a, b) => a - b);

    // A new leader over the same coins: nothing stored is asked again.
    coingecko.clearRequests();
    binance.clearRequests();
    const second = poller();
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 10 * pollMs));
    await second.stop();
    const again = coingecko.requestsTo('coins/market_chart/range').length + binance.requests.length;

    const result = {
      at: new Date().toISOString(),
      engine,
      coins: COINS,
      filled: done,
      years: YEARS,
      speedup: SPEEDUP,
      elapsedSeconds: Math.round(elapsedMs / 1000),
      elapsedHoursAtRealQuota: Math.round(((elapsedMs * SPEEDUP) / 3_600_000) * 10) / 10,
      coingeckoHistoryCalls: history.length,
      binanceCalls,
      rateLimited: everything.filter((r) => r.status === 429).length,
      rateLimitedByRoute: Object.fromEntries(
        [...new Set(everything.map((r) => r.route))].map((route) => [
          route,
          everything.filter((r) => r.route === route && r.status === 429).length,
        ]),
      ),
      rateLimitedSecondsIn: everything
        .filter((r) => r.status === 429)
        .map((r) => Math.round((r.at - started) / 100) / 10)
        .slice(0, 20),
      failed: everything.filter((r) => r.status !== 200).length,
      mostHistoryCallsInAMinute: mostInAnyWindow(
        history.map((r) => r.at).sort((a, b) => a - b),
        scaledMinute,
      ),
      historySharePerMinute: DEFAULT_HISTORY_SHARE.calls,
      mostPollCallsInAMinute: mostInAnyWindow(
        polls.map((r) => r.at).sort((a, b) => a - b),
        scaledMinute,
      ),
      mostCallsInAMinute: mostInAnyWindow(
        everything.map((r) => r.at).sort((a, b) => a - b),
        scaledMinute,
      ),
      quotaPerMinute: QUOTA,
      coinListReads,
      coinListRefreshMinutes: DEFAULT_COIN_LIST_REFRESH_MS / MINUTE,
      pollMinutes: options.pollMinutes,
      polls: starts.length,
      pollCalls: polls.length,
      pollLateMs: {
        p50: late.length ? percentile(late, 50) : 0,
        p99: late.length ? percentile(late, 99) : 0,
        max: late.at(-1) ?? 0,
        ofPollMs: pollMs,
      },
      callsForStoredHistory: again,
    };
    console.log(
      [
        `\nfilled ${done} of ${COINS} coins x ${YEARS} years in ${result.elapsedSeconds} s (${result.elapsedHoursAtRealQuota} h at the real quota)${done < COINS ? ': stopped at --max-minutes' : ''}`,
        `CoinGecko history calls ${history.length}, Binance klines calls ${binanceCalls}; 429 answers ${result.rateLimited} ${JSON.stringify(result.rateLimitedByRoute)} (first at ${result.rateLimitedSecondsIn.join(', ')} s); other failures ${result.failed - result.rateLimited}`,
        `most history calls in any minute ${result.mostHistoryCallsInAMinute} (share ${result.historySharePerMinute}); most poll calls in any minute ${result.mostPollCallsInAMinute}; most calls of all kinds in any minute ${result.mostCallsInAMinute} (quota ${QUOTA}), with ${result.coinListReads} reads of the coin list (one every ${result.coinListRefreshMinutes} min)`,
        `live polls ${starts.length} (${polls.length} simple/price calls); start later than due: p50 ${result.pollLateMs.p50} ms, p99 ${result.pollLateMs.p99} ms, max ${result.pollLateMs.max} ms of a ${pollMs} ms poll interval`,
        `upstream calls for stored history by a new leader: ${again}`,
      ].join('\n'),
    );
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'history-backfill.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await binance.close();
    await coingecko.close();
    await bus.close();
    await database.close();
  }
}
