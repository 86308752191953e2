import { listActiveWallets, type AppDb } from '@coinpace/db';
import { startClockSchedule } from '../../clock-schedule.ts';
import type { Logger } from '../../logger.ts';
import { WALLET_REFRESH_EVERY_MS, requestRefresh, type RefreshQueue } from './refresh.ts';

/**
 * The worker role's schedule of wallet refreshes: every `everyMs`, on the clock's multiples of it, a
 * refresh of every active wallet on the exchange-sync queue.
 */
export function startWalletSchedule(options: {
  db: AppDb;
  queue: RefreshQueue;
  logger: Logger;
  everyMs?: number;
}): { stop(): void } {
  return startClockSchedule(options.everyMs ?? WALLET_REFRESH_EVERY_MS, async () => {
    try {
      const now = Date.now();
      for (const wallet of await listActiveWallets(options.db)) {
        await requestRefresh(options.queue, wallet, 'schedule', now);
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'wallet refresh schedule: could not queue the refreshes');
    }
  });
}
