import { listActiveWallets, type AppDb } from '@coinpace/db';
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
  const everyMs = options.everyMs ?? WALLET_REFRESH_EVERY_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const now = Date.now();
      for (const wallet of await listActiveWallets(options.db)) {
        await requestRefresh(options.queue, wallet, 'schedule', now);
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'wallet refresh schedule: could not queue the refreshes');
    }
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(next), everyMs - (Date.now() % everyMs));
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
