/**
 * A coin's past dollar prices from CoinGecko (coins/{id}/market_chart/range), for the poller's history
 * backfill. CoinGecko picks the spacing from the span: 5-minutely within a day, hourly up to 90 days,
 * daily beyond; each answer is reduced to the first price of each period asked.
 */
import { toPeriodPoints, type MarketGranularity } from '@coinpace/domain';
import type { GetMarketHistoryOptions, MarketHistoryResult } from './port.ts';
import { limitedUntil, type CoinGeckoUpstream } from './upstream.ts';

const DAY_MS = 86_400_000;

/**
 * The longest span one call asks for. Hourly: 60 days, well inside the 90 within which CoinGecko still
 * answers hourly. Daily: 365 days, as far back as the public API serves history.
 */
export const MAX_HISTORY_SPAN_MS: Readonly<Record<MarketGranularity, number>> = {
  hourly: 60 * DAY_MS,
  daily: 365 * DAY_MS,
};

/** Reads the first part of the asked span (at most MAX_HISTORY_SPAN_MS) in one call. */
export async function readCoinGeckoHistory(
  upstream: CoinGeckoUpstream,
  id: string,
  options: GetMarketHistoryOptions,
  timeoutMs: number,
): Promise<MarketHistoryResult> {
  const from = options.from;
  const to = Math.min(options.to, from + MAX_HISTORY_SPAN_MS[options.granularity]);
  if (!(to > from)) return { ok: true, points: [], answered: { from, to: from }, source: 'coingecko' };
  const query = new URLSearchParams({
    vs_currency: 'usd',
    from: String(Math.floor(from / 1000)),
    to: String(Math.ceil(to / 1000)),
  });
  const outcome = await upstream.getHistory(
    `/coins/${encodeURIComponent(id)}/market_chart/range`,
    query,
    timeoutMs,
  );
  if (!outcome.ok) {
    // A coin upstream does not know has no history: the span is answered, with no points.
    if (outcome.kind === 'client_error' && outcome.status === 404)
      return { ok: true, points: [], answered: { from, to }, source: 'coingecko' };
    if (outcome.kind === 'over_budget')
      return { ok: false, reason: 'over_budget', retryAt: outcome.lockedUntil };
    const until = limitedUntil(outcome);
    if (until !== undefined || outcome.kind === 'busy')
      return { ok: false, reason: 'rate_limited', ...(until !== undefined ? { retryAt: until } : {}) };
    return { ok: false, reason: 'failed' };
  }
  const samples = readChartSamples(outcome.body);
  if (samples === null) return { ok: false, reason: 'failed' };
  return {
    ok: true,
    points: toPeriodPoints(samples, options.granularity, { from, to }),
    answered: { from, to },
    source: 'coingecko',
  };
}

/** The `[ms, price]` pairs of a market_chart answer's `prices`, or null when the body has none. */
function readChartSamples(body: unknown): [number, number][] | null {
  if (typeof body !== 'object' || body === null) return null;
  const prices = (body as { prices?: unknown }).prices;
  if (!Array.isArray(prices)) return null;
  const samples: [number, number][] = [];
  for (const point of prices) {
    if (!Array.isArray(point)) continue;
    const [at, price] = point as unknown[];
    if (typeof at === 'number' && typeof price === 'number') samples.push([at, price]);
  }
  return samples;
}
