import { findAlert, listHoldings, type AppDb, type AlertWithPrice } from '@coinpace/db';
import { AppError, isPortfolioKind, type AlertView } from '@coinpace/domain';
import { portfolioFigures, ratesFor, toAlertView } from './alert-view.ts';
import { pathUuid } from '../../path-id.ts';

const ALERT_NOT_FOUND_MESSAGE = 'Alert not found.';

/** The not-found error of every alert route: another user's alert is simply not found. */
export function alertNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: ALERT_NOT_FOUND_MESSAGE });
}

/** An alert id from the path; anything that is not one of our ids is not found. */
export function alertIdParam(id: string | undefined): string {
  return pathUuid(id, ALERT_NOT_FOUND_MESSAGE);
}

/** The user's alert, or 404. */
export async function requireAlert(db: AppDb, userId: string, id: string): Promise<AlertWithPrice> {
  const found = await findAlert(db, userId, id);
  if (!found) throw alertNotFound();
  return found;
}

/** The view of one of the user's alerts as it is now (404 when not theirs). */
export async function viewAlert(db: AppDb, userId: string, id: string): Promise<AlertView> {
  const { alert, usd } = await requireAlert(db, userId, id);
  const wide = alert.scope === 'portfolio' || isPortfolioKind(alert.scope);
  const holdings = wide ? await listHoldings(db, userId) : [];
  const value = wide ? portfolioFigures(holdings) : null;
  return toAlertView(alert, usd, value, await ratesFor(db, [alert]), holdings);
}
