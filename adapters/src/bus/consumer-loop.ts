/**
 * The read-handle-acknowledge loop of a stream consumer, shared by the Redis and in-process buses so
 * both keep the same delivery rules; each supplies only the primitives in {@link ConsumerSource}.
 */
import type { Logger } from '../logger.ts';
import {
  BUS_DEFAULTS,
  type ConsumeOptions,
  type Consumer,
  type StreamEntry,
  type StreamHandler,
} from './port.ts';

/** What a bus implementation provides to one consumer. */
export interface ConsumerSource {
  /** Creates the group if missing; called before the first read and after a read found it gone. */
  ensureGroup(): Promise<void>;
  /** Takes over up to `batch` entries pending longer than claimIdleMs, from any consumer of the group. */
  claimIdle(batch: number): Promise<StreamEntry[]>;
  /** Up to `batch` entries never delivered to the group, waiting at most `blockMs` for one to arrive. */
  readNew(batch: number, blockMs: number): Promise<StreamEntry[]>;
  ack(id: string): Promise<void>;
  /** Makes a `readNew` in progress return (or reject) promptly; called once, by stop. */
  interrupt(): void;
  /** Releases the source's resources after the loop has ended. */
  close(): Promise<void>;
  /** True when an error means the group (or stream) no longer exists and must be created again. */
  isMissingGroup(err: unknown): boolean;
}

/** The longest time between two looks for entries a dead consumer left, in ms. */
const MAX_CLAIM_CHECK_MS = 2_000;

/** How long the loop waits after an unexpected error (broker down) before trying again, in ms. */
const ERROR_BACKOFF_MS = 1_000;

export interface ConsumerLoopParams {
  source: ConsumerSource;
  handler: StreamHandler;
  opts: ConsumeOptions | undefined;
  logger: Logger;
  /** Fields added to every log line, e.g. stream, group and consumer names. */
  context: Record<string, string>;
  /** Where the bus keeps its running consumers (to stop them on close): joined now, left on stop. */
  running: Set<Consumer>;
}

/** Starts the loop at once; the returned consumer stops it. */
export function startConsumerLoop({
  source,
  handler,
  opts,
  logger,
  context,
  running: registry,
}: ConsumerLoopParams): Consumer {
  const batch = positiveInt(opts?.batch ?? BUS_DEFAULTS.batch, 'batch');
  const blockMs = positiveInt(opts?.blockMs ?? BUS_DEFAULTS.blockMs, 'blockMs');
  const claimIdleMs = positiveInt(opts?.claimIdleMs ?? BUS_DEFAULTS.claimIdleMs, 'claimIdleMs');
  // Checking twice per idle period, and at least every 2 s, bounds how long a dead consumer's entry
  // waits to claimIdleMs plus the smaller of the two.
  const claimEveryMs = Math.max(10, Math.min(MAX_CLAIM_CHECK_MS, Math.floor(claimIdleMs / 2)));

  let stopping = false;
  let markReady!: () => void;
  let failReady!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  // Nobody may be waiting on ready(); a stop before it must not become an unhandled rejection.
  ready.catch(() => {});
  let wakeFromBackoff: (() => void) | undefined;

  async function deliver(entry: StreamEntry): Promise<void> {
    try {
      await handler(entry);
    } catch (err) {
      logger.warn(
        { ...context, err, id: entry.id, deliveries: entry.deliveries },
        'stream handler failed; the entry stays pending and will be redelivered',
      );
      return;
    }
    try {
      await source.ack(entry.id);
    } catch (err) {
      logger.error({ ...context, err, id: entry.id }, 'stream ack failed; the entry will be redelivered');
    }
  }

  async function pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeFromBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeFromBackoff = undefined;
  }

  async function run(): Promise<void> {
    let groupReady = false;
    let nextClaimAt = 0;
    while (!stopping) {
      try {
        if (!groupReady) {
          await source.ensureGroup();
          groupReady = true;
          markReady();
        }
        let entries: StreamEntry[] = [];
        if (Date.now() >= nextClaimAt) {
          entries = await source.claimIdle(batch);
          // A full batch may mean more are waiting: claim again on the next turn.
          if (entries.length < batch) nextClaimAt = Date.now() + claimEveryMs;
        }
        if (entries.length === 0 && !stopping) {
          const wait = Math.max(1, Math.min(blockMs, nextClaimAt - Date.now()));
          entries = await source.readNew(batch, wait);
        }
        for (const entry of entries) {
          // Entries not handled before a stop stay pending and are claimed later: at-least-once.
          if (stopping) break;
          await deliver(entry);
        }
      } catch (err) {
        if (stopping) break;
        if (source.isMissingGroup(err)) {
          groupReady = false;
          logger.warn({ ...context }, 'consumer group vanished; creating it again');
          continue;
        }
        logger.error({ ...context, err }, 'stream read failed; retrying');
        await pause(ERROR_BACKOFF_MS);
      }
    }
  }

  const running = run();
  let stopped: Promise<void> | undefined;
  const consumer: Consumer = {
    ready: () => ready,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wakeFromBackoff?.();
        source.interrupt();
        await running;
        failReady(new Error('consumer stopped before it was ready'));
        await source.close();
        registry.delete(consumer);
      })();
      return stopped;
    },
  };
  registry.add(consumer);
  return consumer;
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
