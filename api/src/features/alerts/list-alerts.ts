import { listAlerts, listHoldings, type AppDb } from '@coinpace/db';
import { isPortfolioKind, type AlertView } from '@coinpace/domain';
import { portfolioFigures, ratesFor, toAlertView } from './alert-view.ts';

/** GET /api/alerts/user: the user's alerts, newest first, with live price, distance and lifecycle. */
export async function listAlertViews(db: AppDb, userId: string): Promise<AlertView[]> {
  const rows = await listAlerts(db, userId);
  const wide = rows.some((r) => r.alert.scope === 'portfolio' || isPortfolioKind(r.alert.scope));
  const holdings = wide ? await listHoldings(db, userId) : [];
  const value = wide ? portfolioFigures(holdings) : null;
  const rates = await ratesFor(
    db,
    rows.map((r) => r.alert),
  );
  return rows.map(({ alert, usd }) => toAlertView(alert, usd, value, rates, holdings));
}
