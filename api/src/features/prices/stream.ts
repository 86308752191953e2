/**
 * GET /api/prices/stream?ids=a,b (DESIGN.md section 4): server-sent events. First `{type:'initial',
 * prices}`, then `{type:'update', prices}` per tick with the asked coins that changed, a comment
 * heartbeat every 15 s, and event ids (the tick ids) so a reconnect with Last-Event-ID resumes: the
 * ticks missed since are sent as one update, or a fresh initial when that id is too old.
 */
import { PassThrough } from 'node:stream';
import type { Middleware } from 'koa';
import {
  TICKER_COIN_IDS,
  ZPriceIdsQuery,
  parseOrThrow,
  type PriceMap,
  type PriceStreamMessage,
  type PriceTick,
} from '@coinpace/domain';
import type { AppState } from '../../context.ts';
import type { TickRelay } from './tick-relay.ts';

export interface PriceStreamOptions {
  relay: TickRelay;
  /** The current prices of the given ids, for the initial message. */
  read: (ids: string[]) => Promise<PriceMap>;
  /** Ms between heartbeat comments. Default 15,000. */
  heartbeatMs?: number;
  /** Ms a browser waits before reconnecting (the `retry:` field). Default 5,000 (SPEC.md section 9). */
  retryMs?: number;
}

/** The SSE route handler. */
export function priceStream(options: PriceStreamOptions): Middleware<AppState> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 5_000;
  return async (ctx) => {
    const asked = parseOrThrow(
      ZPriceIdsQuery,
      ctx.query.ids === undefined ? undefined : String(ctx.query.ids),
    );
    const ids = asked.length > 0 ? asked : [...TICKER_COIN_IDS];
    const wanted = new Set(ids);
    const lastEventId =
      ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    const { relay } = options;
    await relay.start();

    const stream = new PassThrough();
    const send = (id: string | undefined, message: PriceStreamMessage) =>
      stream.write(`${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(message)}\n\n`);
    const forward = (tick: PriceTick) => {
      const prices = pick(tick.prices, wanted);
      if (prices) send(tick.id, { type: 'update', prices });
    };

    // Listen before reading, so no tick falls between the initial prices and the first update.
    let pending: PriceTick[] | null = [];
    const stopListening = relay.listen((tick) => (pending ? pending.push(tick) : forward(tick)));
    const missed = lastEventId ? relay.since(lastEventId) : null;

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    ctx.body = stream;
    stream.write(`retry: ${retryMs}\n\n`);

    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
    ctx.res.once('close', () => {
      clearInterval(heartbeat);
      stopListening();
      stream.end();
    });

    try {
      if (missed) {
        const merged: PriceMap = {};
        for (const tick of missed) Object.assign(merged, tick.prices);
        const prices = pick(merged, wanted);
        if (prices) send(missed.at(-1)!.id, { type: 'update', prices });
      } else {
        const idBefore = relay.latestId();
        send(idBefore, { type: 'initial', prices: await options.read(ids) });
      }
    } catch (err) {
      ctx.state.log.error({ err }, 'price stream could not send its first message');
      stream.end();
      return;
    }
    const queued = pending;
    pending = null;
    for (const tick of queued) forward(tick);
  };
}

/** The quotes of `prices` whose id is wanted; undefined when none is. */
function pick(prices: PriceMap, wanted: ReadonlySet<string>): PriceMap | undefined {
  let out: PriceMap | undefined;
  for (const [id, quote] of Object.entries(prices)) {
    if (!wanted.has(id)) continue;
    (out ??= {})[id] = quote;
  }
  return out;
}
