/**
 * Kraken's movement streams: trades (TradesHistory) and deposits and withdrawals (Ledgers by type). Kraken
 * answers newest first, 50 at a time, with the total count; `start` (exclusive) is the id of the last
 * entry read, so the oldest page after it sits at offset count - 50.
 */
import type { MovementStream, StreamHost } from './ccxt-stream-types.ts';
import type { ExchangeMovement, ExchangeTransfer } from './port.ts';

const KRAKEN_PAGE = 50;

interface KrakenPage {
  count: number;
  /** Entries by id, newest first as Kraken sends them. */
  entries: [string, Record<string, unknown>][];
}

/**
 * The oldest page of entries after `start`: Kraken answers newest first with the total count, so the
 * oldest 50 sit at offset count - 50. If entries arrive between the two requests the count moves; then
 * ask again.
 */
async function krakenOldest(
  ask: (params: Record<string, unknown>) => Promise<KrakenPage>,
  start: string | undefined,
): Promise<KrakenPage> {
  const base = start === undefined ? {} : { start };
  let page = await ask({ ...base, ofs: 0 });
  for (let attempt = 0; attempt < 3 && page.count > KRAKEN_PAGE; attempt += 1) {
    const oldest = await ask({ ...base, ofs: page.count - KRAKEN_PAGE });
    if (oldest.count === page.count) return oldest;
    page = oldest;
  }
  return page;
}

function krakenResult(response: unknown, field: string): KrakenPage {
  const result = (response as { result?: Record<string, unknown> }).result ?? {};
  const entries = Object.entries((result[field] ?? {}) as Record<string, Record<string, unknown>>);
  return { count: Number(result['count'] ?? entries.length), entries };
}

/** Oldest first; entries of one instant keep Kraken's order, reversed (it sends newest first). */
function oldestFirst(entries: [string, Record<string, unknown>][]): [string, Record<string, unknown>][] {
  return [...entries].reverse().sort((a, b) => Number(a[1]['time']) - Number(b[1]['time']));
}

export function krakenTrades(host: StreamHost): MovementStream {
  const key = 'trade';
  return {
    key,
    async read(ex, cursor) {
      const start = typeof cursor[key] === 'string' ? cursor[key] : undefined;
      const page = await krakenOldest(
        async (params) => krakenResult(await host.raw(ex, 'privatePostTradesHistory', params), 'trades'),
        start,
      );
      const entries = oldestFirst(page.entries);
      const trades = ex.parseTrades(entries.map(([id, trade]) => ({ ...trade, id })));
      const byId = new Map(trades.map((t) => [t.id, t]));
      const movements = entries
        .map(([id]) => byId.get(id))
        .map((t) => (t ? host.trade(ex, t) : null))
        .filter((m) => m !== null);
      const last = entries.at(-1);
      if (last) cursor[key] = last[0];
      return { movements, more: page.count > KRAKEN_PAGE };
    },
  };
}

export function krakenLedger(host: StreamHost, kind: ExchangeTransfer['kind']): MovementStream {
  const key = kind;
  return {
    key,
    async read(ex, cursor) {
      const start = typeof cursor[key] === 'string' ? cursor[key] : undefined;
      const page = await krakenOldest(
        async (params) =>
          krakenResult(await host.raw(ex, 'privatePostLedgers', { ...params, type: kind }), 'ledger'),
        start,
      );
      const entries = oldestFirst(page.entries);
      const movements: ExchangeMovement[] = [];
      for (const [id, entry] of entries) {
        const asset = ex.safeCurrencyCode(String(entry['asset'] ?? ''));
        const amount = String(entry['amount'] ?? '').replace(/^-/, '');
        const fee = String(entry['fee'] ?? '0').replace(/^-/, '');
        if (!asset || amount === '') continue;
        movements.push({
          kind,
          externalId: `${kind}:${String(entry['refid'] ?? id)}`,
          at: new Date(Math.round(Number(entry['time']) * 1000)).toISOString(),
          asset,
          amount,
          fee: Number(fee) === 0 ? null : { asset, amount: fee },
        });
      }
      const last = entries.at(-1);
      if (last) cursor[key] = last[0];
      return { movements, more: page.count > KRAKEN_PAGE };
    },
  };
}
