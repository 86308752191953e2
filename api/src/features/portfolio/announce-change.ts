import { publishUserEvent, type Bus } from '@coinpace/adapters';
import type { PortfolioChangedPayload } from '@coinpace/domain';
import type { Logger } from '../../logger.ts';

/**
 * Tells the user's other tabs and devices that the portfolio changed (socket event
 * `portfolio:changed`). The change is already committed, so a bus failure is logged, not thrown.
 */
export async function announcePortfolioChange(
  bus: Bus,
  log: Logger,
  userId: string,
  reason: PortfolioChangedPayload['reason'],
): Promise<void> {
  try {
    await publishUserEvent(bus, { userId, type: 'portfolio:changed', payload: { reason } });
  } catch (error) {
    log.warn({ err: error, reason }, 'could not publish portfolio:changed');
  }
}
