/**
 * The bus port (DESIGN.md sections 1 and 3): fan-out pub/sub for ticks, a durable stream with consumer
 * groups for the alert consumer, and a leader lock for the poller. Two implementations keep the same
 * semantics: Redis (`redis-bus.ts`) across processes, and the in-process default (`memory-bus.ts`).
 *
 * Payloads are JSON: what a handler receives is `JSON.parse(JSON.stringify(payload))`, on both
 * implementations (a Date arrives as a string, `undefined` fields vanish). A payload object handed to
 * several handlers is the same object: handlers must not mutate it.
 */
export interface Bus {
  /**
   * Publishes to every current subscriber of `topic`, in every process. Fire-and-forget: a subscriber
   * that is not connected at that moment never sees the message. Resolves once the message is handed
   * to the broker. The payload is serialised once per call.
   */
  publish(topic: string, payload: unknown): Promise<void>;

  /**
   * Calls `handler` for every message published to `topic` after this resolves. Several handlers may
   * subscribe to one topic. A handler that throws is logged and does not affect other handlers.
   * @returns a function that removes this one handler.
   */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;

  /**
   * Appends an entry to a durable stream, trimmed to about `maxLen` entries (approximate, oldest
   * first; default: the bus's `streamMaxLen`).
   * @returns the entry id, e.g. `1718000000000-0`; ids increase within a stream.
   */
  append(stream: string, payload: unknown, opts?: AppendOptions): Promise<string>;

  /**
   * Starts a consumer named `consumer` in consumer group `group` of `stream` (the group is created if
   * missing). Each entry goes to one consumer of the group; every group sees every entry. An entry is
   * acknowledged only after `handler` resolves; if the handler throws, or its consumer dies, the entry
   * stays pending and is redelivered (to any consumer of the group, `deliveries` incremented) once it
   * has been pending for `claimIdleMs`. Delivery is therefore at-least-once: handlers must be
   * idempotent, and may give up on an entry (resolve) when `deliveries` grows too large.
   * Entries of one consumer are handled one at a time, in order.
   */
  consume(
    stream: string,
    group: string,
    consumer: string,
    handler: StreamHandler,
    opts?: ConsumeOptions,
  ): Consumer;

  /** Entries of `group` delivered but not yet acknowledged (0 when the group does not exist). */
  pendingCount(stream: string, group: string): Promise<number>;

  /**
   * Takes the lock `key` for `ttlMs` milliseconds if nobody holds it. A holder that stops renewing
   * (a dead process) loses the lock when the TTL runs out, and another caller can take it. Holders
   * renew well inside the TTL (e.g. every ttlMs / 3) and stop leading when `renew()` returns false.
   * @returns the held lock, or null when someone else holds it.
   */
  acquireLock(key: string, ttlMs: number): Promise<Lock | null>;

  /** True while the bus can reach its broker (always true in process); for readiness checks. */
  isHealthy(): boolean;

  /** Stops all consumers (waiting for handlers in flight), drops subscriptions, closes connections. */
  close(): Promise<void>;
}

/** An entry of a stream as a consumer receives it. */
export interface StreamEntry {
  /** The id `append` returned. */
  id: string;
  payload: unknown;
  /** How many times this entry has been delivered to the group, this delivery included (1 the first time). */
  deliveries: number;
}

/** Handles one stream entry; resolve to acknowledge it, throw to have it redelivered later. */
export type StreamHandler = (entry: StreamEntry) => Promise<void>;

export interface AppendOptions {
  /** Keep about this many newest entries in the stream. Default: the bus's `streamMaxLen`. */
  maxLen?: number;
}

export interface ConsumeOptions {
  /** Entries fetched per read. Default 10. */
  batch?: number;
  /** How long one read waits for new entries, in ms; also bounds how long `stop()` waits. Default 5000. */
  blockMs?: number;
  /** An entry pending this long (ms) is taken over from whichever consumer holds it. Default 30000. */
  claimIdleMs?: number;
  /**
   * Where a group created by this call starts: `earliest` also delivers entries appended before the
   * group existed (so a producer may start first); `latest` only new ones. Default `earliest`.
   */
  startAt?: 'earliest' | 'latest';
}

/** A running stream consumer. */
export interface Consumer {
  /**
   * Resolves once the group exists and the consumer is reading: entries appended from then on are the
   * group's to deliver, even with `startAt: 'latest'`. Rejects if stopped before that.
   */
  ready(): Promise<void>;
  /** Stops reading; resolves after the handler in flight (if any) has finished. */
  stop(): Promise<void>;
}

/** A held lock. */
export interface Lock {
  readonly key: string;
  /** Extends the lock by its TTL from now. False when the lock was lost (expired, taken by another). */
  renew(): Promise<boolean>;
  /** Gives the lock up if this holder still has it; never releases someone else's lock. */
  release(): Promise<void>;
}

/** Defaults shared by both implementations. */
export const BUS_DEFAULTS = {
  prefix: 'coinpace:',
  streamMaxLen: 10_000,
  batch: 10,
  blockMs: 5_000,
  claimIdleMs: 30_000,
} as const;
