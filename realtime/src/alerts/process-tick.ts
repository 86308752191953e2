/** One tick through the alert engine: evaluate, fire, tell the users' sockets. */
import { publishUserEvent, type Bus, type Logger } from '@coinpace/adapters';
import { clearPassedSkips, clearSkips, raiseHighWaterMarks, type AppDb } from '@coinpace/db';
import type { PriceTick } from '@coinpace/domain';
import { evaluateTick, type TickEvaluation } from './evaluate-tick.ts';
import { fireAlerts, type FiredAlert } from './fire-alerts.ts';
import type { PortfolioIndex } from './portfolio-index.ts';

export interface AlertEngineDeps {
  db: AppDb;
  /** Where `alert:triggered` user events are published; omit to publish none (benchmarks). */
  bus?: Bus;
  logger: Logger;
  /** PRICE_POLL_MS. */
  pollMs: number;
  /** PUBLIC_URL. */
  publicUrl: string;
  /** Clock, epoch ms. */
  now: () => number;
  /** The consumer's index of wide alerts and holdings (see portfolio-index.ts); omit to read them per tick. */
  portfolioIndex?: PortfolioIndex;
}

export interface TickResult {
  evaluation: TickEvaluation;
  fired: FiredAlert[];
}

/**
 * Evaluates and fires one tick, and ends the crossing of skipped alerts the tick's prices are back short
 * of. Safe to run again for the same tick: nothing fires twice.
 */
export async function processTick(deps: AlertEngineDeps, tick: PriceTick): Promise<TickResult> {
  const now = deps.now();
  const evaluation = await evaluateTick(deps.db, tick, { pollMs: deps.pollMs, index: deps.portfolioIndex });
  const fired = evaluation.firings.length
    ? await fireAlerts(deps.db, evaluation.firings, {
        tickId: tick.id,
        now: new Date(now),
        publicUrl: deps.publicUrl,
        simulated: evaluation.simulated,
        rates: tick.rates ?? {},
      })
    : [];
  // Alerts skipped for the allowance whose price is back short of the trigger: their next crossing
  // records a skip again (a skip is recorded once per crossing, not on every tick past the trigger).
  const tickAt = new Date(tick.at);
  // After firing: a drawdown that fired is paused, and its mark is cleared when it is re-armed. The
  // single-coin skips run beside the wide alerts' writes: they touch other rows (alerts with a coin).
  const [wideWrites, passed] = await Promise.allSettled([
    (async () => {
      const raised = await raiseHighWaterMarks(deps.db, evaluation.highWater, tickAt);
      deps.portfolioIndex?.applyOwnRaises(raised);
      await clearSkips(deps.db, evaluation.notPast, tickAt);
    })(),
    clearPassedSkips(deps.db, evaluation.quotes, tick.rates ?? {}, tickAt),
  ]);
  if (wideWrites.status === 'rejected') throw wideWrites.reason;
  if (passed.status === 'rejected') throw passed.reason;
  if (evaluation.rejected.length > 0) {
    deps.logger.warn(
      { tickId: tick.id, rejected: evaluation.rejected.map((r) => r.coingeckoId) },
      'tick prices refused by the sanity rules; not used for alerts',
    );
  }
  if (fired.length > 0) deps.logger.info({ tickId: tick.id, fired: fired.length }, 'alerts fired');
  if (deps.bus) {
    const bus = deps.bus;
    await Promise.all(
      fired.map((f) =>
        publishUserEvent(bus, { userId: f.userId, type: 'alert:triggered', payload: f.payload }).catch(
          (err: unknown) =>
            deps.logger.warn({ err, alertId: f.payload.alertId }, 'could not publish alert:triggered'),
        ),
      ),
    );
  }
  return { evaluation, fired };
}
