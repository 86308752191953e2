/**
 * The alert consumer (DESIGN.md section 5): reads ticks from the bus stream in the `alerts` consumer
 * group. Several consumers may run at once, each tick goes to one of them, and the ticks a dead consumer
 * held are claimed by another after `claimIdleMs`; a tick handled twice fires nothing twice.
 */
import type { Bus, Consumer } from '@coinpace/adapters';
import { BUS_STREAMS, type PriceTick } from '@coinpace/domain';
import { processTick, type AlertEngineDeps, type TickResult } from './process-tick.ts';

/** The consumer group of the alert engine on `BUS_STREAMS.ticks`. */
export const ALERT_CONSUMER_GROUP = 'alerts';

/** A tick delivered this many times is dropped (logged): it would be stale by then anyway. */
export const MAX_TICK_DELIVERIES = 5;

export interface AlertConsumerOptions extends AlertEngineDeps {
  bus: Bus;
  /** Unique per process, e.g. `${hostname}-${pid}`. */
  consumerName: string;
  /** Pending ticks of a silent consumer are taken over after this many ms. Default 30,000. */
  claimIdleMs?: number;
  /** Read wait in ms. Default 5,000. */
  blockMs?: number;
  /** Called after each tick (tests, metrics). */
  onTick?: (tick: PriceTick, result: TickResult) => void;
}

/** Starts consuming; `ready()` resolves once the group exists, `stop()` after the tick in hand. */
export function startAlertConsumer(opts: AlertConsumerOptions): Consumer {
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
      if (entry.deliveries > MAX_TICK_DELIVERIES) {
        opts.logger.error(
          { tickId: tick.id, deliveries: entry.deliveries },
          'tick failed too often; dropped',
        );
        return;
      }
      const result = await processTick(opts, tick);
      opts.onTick?.(tick, result);
    },
    { claimIdleMs: opts.claimIdleMs, blockMs: opts.blockMs, batch: 10, startAt: 'earliest' },
  );
}
