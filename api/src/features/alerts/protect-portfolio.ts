/**
 * POST /api/alerts/protect-portfolio: after an import, one click sets a Loss
 * alert at the chosen percentage on every holding, largest position first, as far as the plan's set-up
 * cap allows. Holdings already under a Loss alert, or with nothing to measure from, are listed as skipped.
 */
import {
  countAlerts,
  findHoldingAlerts,
  insertAlerts,
  listHoldings,
  lockUserAlerts,
  type AppDb,
  type NewAlert,
  type UserRecord,
} from '@coinpace/db';
import { type ProtectPortfolio, type ProtectPortfolioResult, type ProtectSkip } from '@coinpace/domain';
import { portfolioFigures, ratesFor, toAlertView } from './alert-view.ts';
import { requireAlertPlan, requireContactFor } from './gate.ts';
import { gainLossAlertRow } from './holding-alert.ts';

export async function protectPortfolio(
  db: AppDb,
  user: UserRecord,
  input: ProtectPortfolio,
  now: Date,
): Promise<ProtectPortfolioResult> {
  const plan = await requireAlertPlan(db, user.id, now, input.notificationMethod);
  requireContactFor(user, input.notificationMethod);
  const holdings = await listHoldings(db, user.id);
  const byValue = [...holdings].sort(
    (a, b) => Number(b.quantity) * b.currentPrice - Number(a.quantity) * a.currentPrice,
  );
  const skipped: ProtectSkip[] = [];

  const created = await db.transaction(async (tx) => {
    await lockUserAlerts(tx, user.id);
    const protectedIds = new Set(
      (
        await findHoldingAlerts(
          tx,
          user.id,
          holdings.map((h) => h.id),
        )
      )
        .filter((a) => a.scope === 'coin' && a.thresholdType === 'Loss')
        .map((a) => a.portfolioItemId),
    );
    let room = plan.setupCap - (await countAlerts(tx, user.id));
    const rows: NewAlert[] = [];
    for (const holding of byValue) {
      const skip = (reason: string) => skipped.push({ symbol: holding.symbol, reason });
      if (protectedIds.has(holding.id)) {
        skip('already has a loss alert');
        continue;
      }
      if (!holding.coingeckoId) {
        skip('no live price for this coin');
        continue;
      }
      const row = gainLossAlertRow(user.id, holding, {
        thresholdType: 'Loss',
        thresholdValue: input.lossPercent,
        notificationMethod: input.notificationMethod,
        resetInterval: input.resetInterval,
        currency: user.displayCurrency,
      });
      if (!row) {
        skip('no purchase price or current price yet');
        continue;
      }
      if (room <= 0) {
        skip(`your plan allows ${plan.setupCap.toLocaleString('en-US')} alerts set up at once`);
        continue;
      }
      room -= 1;
      rows.push(row);
    }
    return insertAlerts(tx, rows);
  });
  const prices = new Map(holdings.map((h) => [h.id, h.currentPrice]));
  const value = portfolioFigures(holdings);
  const rates = await ratesFor(db, created);
  return {
    created: created.length,
    alerts: created.map((a) => {
      const price = a.portfolioItemId ? prices.get(a.portfolioItemId) : undefined;
      return toAlertView(a, price ? String(price) : null, value, rates);
    }),
    skipped,
  };
}
