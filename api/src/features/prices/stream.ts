/**
 * GET /api/prices/stream?ids=a,b (DESIGN.md section 4): server-sent events. First `{type:'initial',
 * prices}`, then `{type:'update', prices}` per tick with the asked coins that changed, a comment
 * heartbeat every 15 s, and event ids (the tick ids) so a reconnect with Last-Event-ID resumes: the
 * ticks missed since are sent as one update, or a fresh initial when that id is too old.
 */
import type { Middleware } from 'koa';
import {
  AppError,
  TICKER_COIN_IDS,
  ZPriceIdsQuery,
  parseOrThrow,
  type PriceMap,
  type PriceStreamMessage,
  type PriceTick,
} from '@coinpace/domain';
import type { AppState } from '../../context.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { TickRelay } from './tick-relay.ts';

export interface PriceStreamOptions {
  relay: TickRelay;
  /** The current prices of the given ids, for the initial message. */
  read: (ids: string[]) => Promise<PriceMap>;
  /** The ids among the given ones Coinpace follows (built in, priced, held, alerted, tracked); no upstream call. */
  known: (ids: string[]) => Promise<Set<string>>;
  /** Most asked ids one stream carries besides the ticker coins. Default 50, as an anonymous socket. */
  maxIds?: number;
  /** Ms between heartbeat comments. Default 15,000. */
  heartbeatMs?: number;
  /** Ms a browser waits before reconnecting (the `retry:` field). Default 5,000 (SPEC.md section 9). */
  retryMs?: number;
  /** Streams one client address may hold open at once in this process; more get 429. Default 10. */
  maxPerAddress?: number;
}

/** The SSE route handler. */
export function priceStream(options: PriceStreamOptions): Middleware<AppState> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 5_000;
  const maxPerAddress = options.maxPerAddress ?? 10;
  // Open streams per address (each holds a connection and a listener for as long as it likes).
  const open = new Map<string, number>();
  // Each tick's update, encoded once per set of asked coins and shared by every stream asking for that
  // set (the per-stream pick and JSON.stringify cost half the throughput of a raw SSE server).
  const frames = new WeakMap<PriceTick, Map<string, string | null>>();
  const frameOf = (tick: PriceTick, key: string, wanted: ReadonlySet<string>): string | null => {
    let byKey = frames.get(tick);
    if (!byKey) frames.set(tick, (byKey = new Map()));
    let frame = byKey.get(key);
    if (frame === undefined) {
      const prices = pick(tick.prices, wanted);
      frame = prices ? encode(tick.id, { type: 'update', prices }) : null;
      byKey.set(key, frame);
    }
    return frame;
  };
  return async (ctx) => {
    const asked = parseOrThrow(
      ZPriceIdsQuery,
      ctx.query.ids === undefined ? undefined : String(ctx.query.ids),
    );
    const lastEventId =
      ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    const { relay } = options;
    const address = clientKeyOf(ctx);
    const opened = open.get(address) ?? 0;
    if (opened >= maxPerAddress)
      throw new AppError('RATE_LIMITED', {
        message: 'Too many open price streams from this address. Close one and try again.',
        retryAfter: Math.ceil(retryMs / 1000),
      });
    open.set(address, opened + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    };
    let chosen: ChosenIds;
    try {
      chosen = asked.length > 0 ? await chooseIds(asked, options) : { ids: [...TICKER_COIN_IDS] };
      await relay.start();
    } catch (err) {
      release();
      throw err;
    }
    const { ids, refused } = chosen;
    const wanted = new Set(ids);
    const key = [...wanted].sort().join(',');

    // Written straight to the socket's response (no stream per client between them): Koa does not respond.
    const res = ctx.res;
    const write = (chunk: string) => {
      if (!res.writableEnded) res.write(chunk);
    };
    const send = (id: string | undefined, message: PriceStreamMessage) => write(encode(id, message));
    const forward = (tick: PriceTick) => {
      const frame = frameOf(tick, key, wanted);
      if (frame) write(frame);
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
    ctx.respond = false;
    res.writeHead(200);
    write(`retry: ${retryMs}\n\n`);

    const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
    res.once('close', () => {
      release();
      clearInterval(heartbeat);
      stopListening();
    });

    try {
      if (missed) {
        const merged: PriceMap = {};
        for (const tick of missed) Object.assign(merged, tick.prices);
        const prices = pick(merged, wanted);
        if (prices) send(missed.at(-1)!.id, { type: 'update', prices });
      } else {
        const idBefore = relay.latestId();
        const prices = ids.length > 0 ? await options.read(ids) : {};
        send(idBefore, { type: 'initial', prices, ...(refused ? { refused } : {}) });
      }
    } catch (err) {
      ctx.state.log.error({ err }, 'price stream could not send its first message');
      res.end();
      return;
    }
    const queued = pending;
    pending = null;
    for (const tick of queued) forward(tick);
  };
}

/** One SSE event: its id (a tick's) when it has one, and the message as JSON data. */
function encode(id: string | undefined, message: PriceStreamMessage): string {
  return `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(message)}\n\n`;
}

interface ChosenIds {
  ids: string[];
  refused?: PriceStreamMessage['refused'];
}

/**
 * The asked ids a stream carries: the known ones, at most `maxIds` of them besides the ticker coins (the
 * rules of a socket's `subscribe`); what was left out, when anything was.
 */
async function chooseIds(
  asked: string[],
  options: Pick<PriceStreamOptions, 'known' | 'maxIds'>,
): Promise<ChosenIds> {
  const known = await options.known(asked);
  const ticker = new Set<string>(TICKER_COIN_IDS);
  const maxIds = options.maxIds ?? 50;
  const ids: string[] = [];
  const unknown: string[] = [];
  const overLimit: string[] = [];
  let counted = 0;
  for (const id of asked) {
    if (!known.has(id)) unknown.push(id);
    else if (ticker.has(id)) ids.push(id);
    else if (counted < maxIds) {
      counted += 1;
      ids.push(id);
    } else overLimit.push(id);
  }
  return { ids, refused: unknown.length + overLimit.length > 0 ? { unknown, overLimit } : undefined };
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
