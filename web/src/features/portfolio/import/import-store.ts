/**
 * The Import modal and its pipeline (SPEC.md section 4, 'Import (CSV/paste)'): parse, fetch prices,
 * skip symbols already held, bulk save, reload, then the pricing modal (no active plan) or a success
 * message. While saving, a sticky state warns not to refresh; a failed save keeps the rows locally.
 */
import {
  ALREADY_HELD_REASON,
  AppError,
  CSV_DROP_ONLY_MESSAGE,
  CSV_NO_ROWS_MESSAGE,
  PASTE_EMPTY_MESSAGE,
  PASTE_NO_TOKENS_MESSAGE,
  PORTFOLIO_TEXTS,
  allDuplicatesMessage,
  compareDecimal,
  describeImport,
  importSuccessMessage,
  importTotalsText,
  parseCsv,
  parsePaste,
  portfolioError,
  priceKeyForRow,
  splitDuplicates,
  tallyImport,
  toBulkItems,
  toDecimalString,
  type HeldBalancesResult,
  type HoldingRow,
  type ImportFailure,
  type ImportReport,
  type ImportRow,
  type PriceMap,
} from '@coinpace/domain';
import { api, currentToken, errorMessage } from '../../../lib/api-client.ts';
import { hasActivePlan, loadBilling, useBilling } from '../../billing/billing-store.ts';
import { openPricingModal } from '../../billing/pricing-modal-store.ts';
import { loadPortfolio, setHoldings, showPortfolioMessage, usePortfolio } from '../portfolio-store.ts';
import { pricesFor, refreshPrices } from '../price-refresh.ts';
import { IMPORT_INITIAL, useImport, type HeldBalance, type ImportState } from './import-state.ts';
import { ImportSaveError, describeSaveError, saveImport, toLocalRows } from './save-import.ts';

export * from './import-state.ts';

/** SPEC.md section 9: the success message clears after 2 s. */
export const SUCCESS_MESSAGE_MS = 2000;
/** SPEC.md section 9: the all-duplicates message clears (and the modal closes) after 3 s. */
export const DUPLICATES_MESSAGE_MS = 3000;

let flashTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The held coins an import skipped whose balance differs from what is held, with the balance read: the
 * rows of `duplicates`, matched to holdings by symbol (any case).
 */
export function heldBalances(
  rows: readonly ImportRow[],
  duplicates: readonly string[],
  holdings: readonly Pick<HoldingRow, 'symbol' | 'quantity'>[],
): HeldBalance[] {
  const skipped = new Set(duplicates.map((s) => s.toUpperCase()));
  const held = new Map(holdings.map((h) => [h.symbol.toUpperCase(), h]));
  const offer: HeldBalance[] = [];
  for (const row of rows) {
    const holding = held.get(row.symbol.toUpperCase());
    const quantity = toDecimalString(row.quantity);
    if (!skipped.has(row.symbol.toUpperCase()) || !holding || !quantity) continue;
    if (compareDecimal(quantity, holding.quantity) !== 0) offer.push({ symbol: holding.symbol, quantity });
  }
  return offer;
}

/** The notice after the held coins were updated. */
export function heldUpdatedMessage(count: number): string {
  return `Updated ${count} held ${count === 1 ? 'coin' : 'coins'} to the imported balances.`;
}

/**
 * Accepts the offer: POST /api/portfolio/balances records an adjusting transaction on each held coin (its
 * average cost kept), then the portfolio reloads. A failure shows in the portfolio's error banner and
 * the offer stays.
 */
export async function updateHeldCoins(): Promise<void> {
  const { heldOffer, updatingHeld } = useImport.getState();
  if (!heldOffer || heldOffer.length === 0 || updatingHeld) return;
  useImport.setState({ updatingHeld: true });
  try {
    const result = await api<HeldBalancesResult>('/api/portfolio/balances', {
      method: 'POST',
      body: { balances: heldOffer },
    });
    useImport.setState({ heldOffer: null });
    await loadPortfolio();
    showPortfolioMessage('notice', heldUpdatedMessage(result.updated.length));
    if (result.failed.length > 0) {
      showPortfolioMessage(
        'error',
        portfolioError.saveChanges(result.failed.map((f) => `${f.symbol}: ${f.error}`).join('; ')),
      );
    }
  } catch (error) {
    showPortfolioMessage('error', portfolioError.saveChanges(errorMessage(error)));
  } finally {
    useImport.setState({ updatingHeld: false });
  }
}

/**
 * A new attempt starts clean: the last import's summary, offers and message go, so a refusal of this
 * one is never shown beside the outcome of the one before.
 */
function startAttempt(): void {
  clearTimeout(flashTimer);
  useImport.setState({
    error: null,
    flash: null,
    summary: null,
    totals: null,
    protectOffer: null,
    heldOffer: null,
  });
}

/** Reads a chosen or dropped file; only .csv files are taken ('Please drop a CSV file'). */
export async function importCsvFile(file: File): Promise<void> {
  startAttempt();
  if (!/\.csv$/i.test(file.name)) {
    useImport.setState({ error: CSV_DROP_ONLY_MESSAGE });
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    useImport.setState({ error: portfolioError.readCsv(errorMessage(error)) });
    return;
  }
  const { rows, errors, report } = parseCsv(text);
  if (rows.length === 0) {
    const skipped = describeImport(tallyImport(report, { skipped: [], failed: [] })).skipped;
    useImport.setState({ error: [CSV_NO_ROWS_MESSAGE, ...errors, ...skipped].slice(0, 4).join(' ') });
    return;
  }
  await importRows(rows, report, 'csv');
}

/** 'Process Wallet Data' on the paste tab. */
export async function importPastedText(text: string): Promise<void> {
  startAttempt();
  if (text.trim() === '') {
    useImport.setState({ error: PASTE_EMPTY_MESSAGE });
    return;
  }
  const { rows, report } = parsePaste(text);
  if (rows.length === 0) {
    useImport.setState({ error: PASTE_NO_TOKENS_MESSAGE });
    return;
  }
  await importRows(rows, report, 'paste');
}

/**
 * The shared pipeline after parsing. `report` is how the parser accounted for the source rows (those it
 * skipped or failed are in the summary with the rest). Without a session token nothing happens but
 * 'User not authenticated or database not available...' in the modal.
 */
export async function importRows(
  rows: readonly ImportRow[],
  report: ImportReport,
  source: 'csv' | 'paste',
): Promise<void> {
  startAttempt();
  if (!(await currentToken())) {
    useImport.setState({ error: PORTFOLIO_TEXTS.notAuthenticatedImport });
    return;
  }
  const holdings = usePortfolio.getState().holdings;
  const { fresh, duplicates } = splitDuplicates(
    rows,
    holdings.map((h) => h.symbol),
  );
  const offer = heldBalances(rows, duplicates, holdings);
  useImport.setState({ heldOffer: offer.length > 0 ? offer : null });
  if (fresh.length === 0 && report.failed.length === 0 && report.skipped.length === 0) {
    flash({ kind: 'info', text: allDuplicatesMessage(duplicates) }, DUPLICATES_MESSAGE_MS, true);
    return;
  }

  useImport.setState({ importing: true });
  window.addEventListener('beforeunload', warnBeforeUnload);
  // Coins saved (on the server, or kept in this tab when it could not save them).
  let added: number;
  let savedOnServer = false;
  const skipped: ImportFailure[] = duplicates.map((symbol) => ({ symbol, error: ALREADY_HELD_REASON }));
  const failures: ImportFailure[] = [];
  try {
    const prices = await fetchPrices(fresh);
    const items = toBulkItems(fresh, (id) => prices[id]?.usd);
    try {
      const saved = await saveImport(items);
      added = saved.added;
      savedOnServer = true;
      skipped.push(...saved.skipped);
      failures.push(...saved.failures);
      await loadPortfolio();
      await refreshPrices();
    } catch (thrown) {
      // The server could not save (all or the rest of) the items: keep those in this tab. Items an
      // earlier request saved are on the server; reload only then (a reload now would likely fail too).
      const partly = thrown instanceof ImportSaveError && thrown.sentItems > 0 ? thrown : null;
      const error = thrown instanceof ImportSaveError ? thrown.cause : thrown;
      if (partly) {
        savedOnServer = true;
        skipped.push(...partly.saved.skipped);
        failures.push(...partly.saved.failures);
        await loadPortfolio();
      }
      const unsaved = items.slice(partly?.sentItems ?? 0);
      setHoldings([...usePortfolio.getState().holdings, ...toLocalRows(unsaved)]);
      added = (partly?.saved.added ?? 0) + unsaved.length;
      const reason = describeSaveError(error);
      showPortfolioMessage('notice', PORTFOLIO_TEXTS.savedLocallyOnly);
      showPortfolioMessage(
        'error',
        error instanceof AppError && error.code === 'NO_TOKEN'
          ? PORTFOLIO_TEXTS.tokenUnavailable
          : source === 'csv'
            ? portfolioError.saveCsv(reason)
            : portfolioError.processPaste(reason),
      );
    }
  } finally {
    window.removeEventListener('beforeunload', warnBeforeUnload);
    useImport.setState({ importing: false });
  }

  const outcome = tallyImport(report, { skipped, failed: failures });
  const partial = outcome.skipped > 0 || outcome.failed > 0;
  // Coins, not rows: the holdings the portfolio has now, those kept only in this tab included.
  const tracked = usePortfolio.getState().holdings.length;
  if (partial)
    useImport.setState({ summary: describeImport(outcome), totals: importTotalsText(added, tracked) });
  if (added === 0) return;
  const billing = useBilling.getState().info ?? (await loadBilling());
  useImport.setState({ open: false });
  if (!hasActivePlan(billing)) {
    openPricingModal(added, tracked);
    return;
  }
  if (!partial)
    flash({ kind: 'success', text: importSuccessMessage(added, tracked) }, SUCCESS_MESSAGE_MS, false);
  if (savedOnServer) useImport.setState({ protectOffer: added });
}

/**
 * Current prices for the rows' coins by price key: coins by CoinGecko id, tokens the static tables do
 * not know by contract address (see pricesFor: the 429 lock and cached prices are respected).
 */
async function fetchPrices(rows: readonly ImportRow[]): Promise<PriceMap> {
  return pricesFor([...new Set(rows.flatMap((row) => priceKeyForRow(row) ?? []))]);
}

function flash(message: NonNullable<ImportState['flash']>, ms: number, closeAfter: boolean): void {
  clearTimeout(flashTimer);
  useImport.setState({ flash: message });
  flashTimer = setTimeout(() => {
    useImport.setState(closeAfter ? { flash: null, open: false } : { flash: null });
  }, ms);
}

function warnBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

export function resetImport(): void {
  clearTimeout(flashTimer);
  useImport.setState(IMPORT_INITIAL);
}
