/**
 * The alert consumer (DESIGN.md section 5): reads ticks from the bus stream in the `alerts` consumer
 * group. Several consumers may run at once, each tick goes to one of them, and the tick a dead consumer
 * held is claimed by another after `claimIdleMs`; a tick handled twice fires nothing twice, and a tick
 * handled late fires what it would have fired on time (see evaluate-tick.ts).
 */
import type { Bus, Consumer } from '@coinpace/adapters';
import { isDatabaseUnavailable } from '@coinpace/db';
import { BUS_STREAMS, type PriceTick } from '@coinpace/domain';
import { PortfolioIndex } from './portfolio-index.ts';
import { processTick, type AlertEngineDeps, type TickResult } from './process-tick.ts';

/** The consumer group of the alert engine on `BUS_STREAMS.ticks`. */
export const ALERT_CONSUMER_GROUP = 'alerts';

/**
 * A tick whose handling failed on this many deliveries, for a reason other than an unreachable
 * database, is dropped with a warning naming it (a poison tick must not block the stream). While the
 * database is down ticks are kept, however long: their evaluation does not depend on when it runs.
 */
export const MAX_TICK_DELIVERIES = 5;

/**
 * Default `claimIdleMs` of the alert consumer: ticks of a consumer that died are taken over after this
 * long (the bus looks every 2 s), so its alerts fire at most about 10 s late. Handling a
 * tick takes far less; one that takes longer is handled twice, which fires nothing twice.
 */
export const ALERT_CLAIM_IDLE_MS = 8_000;

export interface AlertConsumerOptions extends AlertEngineDeps {
  bus: Bus;
  /** Unique per process, e.g. `${hostname}-${pid}`. */
  consumerName: string;
  /** Pending ticks of a silent consumer are taken over after this many ms. Default {@link ALERT_CLAIM_IDLE_MS}. */
  claimIdleMs?: number;
  /** Read wait in ms. Default 5,000. */
  blockMs?: number;
  /** Called after each tick (tests, metrics). */
  onTick?: (tick: PriceTick, result: TickResult) => void;
}

/** Starts consuming; `ready()` resolves once the group exists, `stop()` after the tick in hand. */
export function startAlertConsumer(opts: AlertConsumerOptions): Consumer {
  // Each consumer keeps its own index, brought up to date from the database before each tick.
  const deps: AlertEngineDeps = { ...opts, portfolioIndex: opts.portfolioIndex ?? new PortfolioIndex() };
  return opts.bus.consume(
    BUS_STREAMS.ticks,
    ALERT_CONSUMER_GROUP,
    opts.consumerName,
    async (entry) => {
      const tick = entry.payload as PriceTick;
      if (!tick || typeof tick.id !== 'string' || typeof tick.at !== 'number') {
        opts.logger.warn({ entryId: entry.id }, 'not a price tick; dropped');
        return;
      }
      try {
        const result = await processTick(deps, tick);
        opts.onTick?.(tick, result);
      } catch (err) {
        // Thrown: the tick stays pending and is handled again (by any consumer) after claimIdleMs.
        if (entry.deliveries < MAX_TICK_DELIVERIES || isDatabaseUnavailable(err)) throw err;
        opts.logger.warn(
          { err, tickId: tick.id, entryId: entry.id, deliveries: entry.deliveries },
          'tick failed on every delivery; dropped without evaluating its alerts',
        );
      }
    },
    {
      claimIdleMs: opts.claimIdleMs ?? ALERT_CLAIM_IDLE_MS,
      blockMs: opts.blockMs,
      // One at a time: a consumer that dies holds one tick, not a batch of them.
      batch: 1,
      startAt: 'earliest',
    },
  );
}
