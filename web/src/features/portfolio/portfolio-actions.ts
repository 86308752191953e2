/** What the portfolio screen does to holdings (SPEC.md sections 2, 4 and 8). */
import {
  AppError,
  PORTFOLIO_TEXTS,
  autoAlertNotice,
  portfolioError,
  recordedBuyNotice,
  toDecimalString,
  type AddHoldingInput,
  type AddHoldingResult,
  type AutoAlertNote,
  type HoldingRow,
  type RecordedBuy,
} from '@coinpace/domain';
import { api, errorMessage, isNetworkError } from '../../lib/api-client.ts';
import {
  dropHoldings,
  isLocalOnly,
  loadPortfolio,
  patchHolding,
  showPortfolioMessage,
  usePortfolio,
} from './portfolio-store.ts';
import { currentMoney } from '../currency/currency-store.ts';
import { refreshPrices } from './price-refresh.ts';
import { finishReport, startReport } from './table-store.ts';

/**
 * Adds a coin, then reloads the portfolio and fetches fresh prices. A coin already held adds no second
 * row (SPEC.md section 4): the server records a buy on the existing holding, the row takes
 * its new quantity and average cost at once, and the screen says so ('Recorded a buy of 0.5 BTC. You
 * now hold ...'). A held coin that is only in this browser (not saved) is still silently not added.
 * Throws AppError with SPEC.md's text when the coin is not saved: 'User not authenticated. Please sign
 * in and try again.' without a valid session, 'Failed to add coin: {reason}' when the server cannot be
 * reached, 'Failed to save coin to database: {reason}' when the server answers with an error.
 * @returns the buy recorded on a held coin, null when a new coin was added (or nothing was).
 */
export async function addCoin(payload: AddHoldingInput): Promise<RecordedBuy | null> {
  const symbol = String(payload.symbol).toUpperCase();
  const held = usePortfolio.getState().holdings.find((h) => h.symbol.toUpperCase() === symbol);
  let autoAlerts: AutoAlertNote[] = [];
  let recordedBuy: RecordedBuy | null = null;
  if (!held || !isLocalOnly(held.id)) {
    try {
      const added = await api<AddHoldingResult>('/api/portfolio', { method: 'POST', body: payload });
      autoAlerts = Array.isArray(added?.autoAlerts) ? added.autoAlerts : [];
      recordedBuy = added?.recordedBuy ?? null;
      if (recordedBuy) {
        const { autoAlerts: _alerts, recordedBuy: _buy, ...row } = added;
        // The same row, never a second one: matched by id, else by symbol.
        const target = usePortfolio.getState().byId[row.id] ? row.id : held?.id;
        if (target) patchHolding(target, { ...row, id: target });
        showPortfolioMessage(
          'notice',
          recordedBuyNotice(
            row.symbol || symbol,
            recordedBuy.transaction.quantity,
            recordedBuy.quantity,
            recordedBuy.averageCost,
            currentMoney(),
          ),
        );
      }
    } catch (error) {
      // An older server answers 409 for a held coin: still silently not added.
      if (!(error instanceof AppError && error.status === 409)) throw addFailure(error);
    }
  }
  // The server set an alert on the new coin like the user's first one: say so.
  if (autoAlerts.length > 0) showPortfolioMessage('notice', autoAlertNotice(autoAlerts));
  await loadPortfolio();
  await refreshPrices();
  return recordedBuy;
}

function addFailure(error: unknown): AppError {
  const reason = errorMessage(error);
  const message =
    error instanceof AppError && error.status === 401
      ? PORTFOLIO_TEXTS.notAuthenticatedAdd
      : isNetworkError(error)
        ? portfolioError.addCoin(reason)
        : portfolioError.saveCoin(reason);
  return new AppError(error instanceof AppError ? error.code : 'INTERNAL', { message, cause: error });
}

/**
 * Saves a per-coin purchase price typed in the table. The row shows it at once; a failed save puts the
 * old price back and shows 'Failed to save changes to database: {msg}'.
 */
export async function savePurchasePrice(id: string, price: number): Promise<boolean> {
  const row = usePortfolio.getState().byId[id];
  const decimal = toDecimalString(price);
  if (!row || decimal === null) return false;
  if (decimal === row.purchasePrice) return true;
  patchHolding(id, { purchasePrice: decimal });
  if (isLocalOnly(id)) return true;
  try {
    const saved = await api<HoldingRow>(`/api/portfolio/${id}`, {
      method: 'PUT',
      body: { purchasePrice: decimal },
    });
    patchHolding(id, { purchasePrice: saved.purchasePrice, updatedAt: saved.updatedAt });
    return true;
  } catch (error) {
    patchHolding(id, { purchasePrice: row.purchasePrice });
    showPortfolioMessage('error', saveFailure(error));
    return false;
  }
}

/** A purchase price of 0 becomes the first current price, saved like an edit but without a banner. */
export async function fillPurchasePrice(id: string, price: number): Promise<void> {
  const row = usePortfolio.getState().byId[id];
  const decimal = toDecimalString(price);
  if (!row || decimal === null || Number(row.purchasePrice) > 0) return;
  patchHolding(id, { purchasePrice: decimal });
  if (isLocalOnly(id)) return;
  try {
    await api<HoldingRow>(`/api/portfolio/${id}`, { method: 'PUT', body: { purchasePrice: decimal } });
  } catch {
    // The price stays shown; the next load tries again.
  }
}

/**
 * Deletes holdings. One failure shows 'Failed to delete item: {msg}', several 'Failed to delete some
 * items: {msg}'. Rows deleted on the server leave the table at once.
 * @returns how many were deleted.
 */
export async function deleteHoldings(ids: readonly string[]): Promise<number> {
  const results = await Promise.allSettled(
    ids.map(async (id) => {
      if (!isLocalOnly(id)) await api<void>(`/api/portfolio/${id}`, { method: 'DELETE' });
      return id;
    }),
  );
  const deleted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  dropHoldings(deleted);
  if (failures.length > 0) {
    const first = failures[0];
    if (first instanceof AppError && first.status === 401) {
      showPortfolioMessage('error', PORTFOLIO_TEXTS.notAuthenticatedDelete);
    } else {
      const msg = errorMessage(first);
      showPortfolioMessage(
        'error',
        ids.length === 1 ? portfolioError.deleteItem(msg) : portfolioError.deleteSome(msg),
      );
    }
  }
  return deleted.length;
}

/**
 * Report Error: e-mails the holding's details to support, with what the user says is wrong (`note`,
 * optional); shows SPEC.md's success or failure text. While a report of this holding
 * is on its way, another one is ignored (false, nothing sent).
 */
export async function reportHolding(id: string, note = ''): Promise<boolean> {
  if (!startReport(id)) return false;
  try {
    const text = note.trim();
    await api(`/api/portfolio/${id}/report`, { method: 'POST', body: text ? { note: text } : {} });
    showPortfolioMessage('notice', PORTFOLIO_TEXTS.reportSent);
    return true;
  } catch {
    showPortfolioMessage('error', PORTFOLIO_TEXTS.reportFailed);
    return false;
  } finally {
    finishReport(id);
  }
}

/** The Refresh button: reloads the holdings and fetches fresh prices, caches cleared. */
export async function refreshPortfolio(): Promise<void> {
  await loadPortfolio();
  await refreshPrices({ manual: true });
}

function saveFailure(error: unknown): string {
  if (error instanceof AppError && error.status === 401) return PORTFOLIO_TEXTS.notAuthenticatedSave;
  return portfolioError.saveChanges(errorMessage(error));
}
