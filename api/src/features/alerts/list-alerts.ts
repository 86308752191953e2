import { listAlerts, listHoldings, type AppDb } from '@coinpace/db';
import type { AlertView } from '@coinpace/domain';
import { portfolioFigures, ratesFor, toAlertView } from './alert-view.ts';

/** GET /api/alerts/user: the user's alerts, newest first, with live price, distance and lifecycle. */
export async function listAlertViews(db: AppDb, userId: string): Promise<AlertView[]> {
  const rows = await listAlerts(db, userId);
  const value = rows.some((r) => r.alert.scope === 'portfolio')
    ? portfolioFigures(await listHoldings(db, userId))
    : null;
  const rates = await ratesFor(
    db,
    rows.map((r) => r.alert),
  );
  return rows.map(({ alert, usd }) => toAlertView(alert, usd, value, rates));
}
