import { listHoldings, listUserHistories, type UserRecord } from '@coinpace/db';
import {
  ZAddHolding,
  ZBulkAdd,
  ZHeldBalances,
  ZHistoryQuery,
  ZPriceHistoryQuery,
  ZReportHolding,
  ZNewTransaction,
  ZPerformanceQuery,
  ZTransactionChanges,
  ZTransactionsQuery,
  ZUpdateHolding,
  exportFilename,
  costMethodOf,
  holdingsToCsv,
  parseOrThrow,
  transactionsToCsv,
  utcDay,
  type AddHoldingResult,
  type AutoAlertNote,
  type CostMethod,
  type HoldingRow,
  type NotificationMethod,
  type ThresholdType,
} from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import type { Logger } from '../../logger.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { consumePoint, rateLimit } from '../../middleware/rate-limit.ts';
import { autoCreateForNewHoldings } from '../alerts/auto-create.ts';
import { staleAfterMs } from '../prices/read-prices.ts';
import { announcePortfolioChange } from './announce-change.ts';
import { withDisplayRates } from './display-rates.ts';
import { localTradeImportQueue } from './import-jobs.ts';
import { addImportRoutes } from './import-routes.ts';
import { portfolioPerformance } from './performance.ts';
import { holdingPriceHistory, portfolioHistory } from './portfolio-history.ts';
import { reportHolding } from './report-holding.ts';
import type { NewCoinPricing } from './price-new-coins.ts';
import {
  addHolding,
  addHoldingsInBulk,
  changeHolding,
  removeHolding,
  updateHeldBalances,
} from './service.ts';
import {
  changeTransaction,
  deleteTransaction,
  holdingTransactions,
  investmentSummary,
  recordTransaction,
} from './transactions.ts';
import { pathUuid } from '../../path-id.ts';
import { createRouter } from '../../routers.ts';

/** The cost method the user saved on the Account page. */
function savedCostMethod(user: UserRecord): CostMethod {
  return costMethodOf(user.costMethod);
}

/** A transaction id from the path; anything else is not found. */
function transactionId(id: string | undefined): string {
  return pathUuid(id, 'Transaction not found.');
}

/** Answers with a CSV file download. */
function sendCsv(
  ctx: { set(field: string, value: string): void; body: unknown; type: string },
  name: string,
  text: string,
) {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = text;
}

/** Error reports one user may send per hour; enough for real problems, not enough to flood support. */
export const REPORTS_PER_HOUR = 10;
/**
 * Trade-history imports one user may send per hour: a 20,000-row file is seconds of database work, so an
 * unbounded stream of them from one account would slow everyone's portfolio; a person re-importing
 * overlapping exports needs a handful.
 */
export const TRADE_IMPORTS_PER_HOUR = 30;
/** Import previews one user may ask for per hour: each reads the whole file, as the import does. */
export const TRADE_PREVIEWS_PER_HOUR = 60;
/**
 * Holdings imports (bulk add and the balances offer) one user may send per hour: each is up to 1,000 rows of
 * validation and writes; a person fixing a file and importing again needs a handful.
 */
export const HOLDING_IMPORTS_PER_HOUR = 60;

/** An id from the path; anything that is not one of our ids is simply not found. */
export function pathId(id: string | undefined): string {
  return pathUuid(id, 'Portfolio item not found.');
}

/**
 * The portfolio routes of SPEC.md section 7 plus Report Error and the value history (DESIGN.md
 * section 4), scoped to the token's user. Every change is announced as `portfolio:changed`.
 */
export function portfolioRoutes(deps: ApiDeps) {
  const { db, identity, bus, config, prices, limiters = memoryLimiters() } = deps;
  const router = createRouter('/api/portfolio');
  const imports = deps.imports ?? localTradeImportQueue({ db, bus, logger: deps.logger });
  const reports = limiters('holding-reports', { points: REPORTS_PER_HOUR, duration: 3600 });
  const tradeImports = limiters('trade-imports', { points: TRADE_IMPORTS_PER_HOUR, duration: 3600 });
  const holdingImports = limiters('holding-imports', { points: HOLDING_IMPORTS_PER_HOUR, duration: 3600 });
  // Counted before the body is read: a refused import costs no 1 MB parse.
  const holdingImportLimit = rateLimit(holdingImports, (ctx) => `holding-imports:${currentUser(ctx).id}`);
  router.use(requireUser(identity.verifier, db));
  // A coin added here is priced at once unless the poll stored its price lately (price-new-coins.ts).
  const freshPriceMs = staleAfterMs(config.prices.pollMs);
  const newCoinPricing = (ctx: { state: AppState }): NewCoinPricing => ({
    freshMs: freshPriceMs,
    log: ctx.state.log,
  });

  /**
   * SPEC.md section 4: a new coin gets an alert like the user's first one; the holding is saved either
   * way. Returns the alerts set, for the response to say so.
   */
  async function alertNewCoins(log: Logger, user: UserRecord, added: HoldingRow[]): Promise<AutoAlertNote[]> {
    try {
      const created = await autoCreateForNewHoldings(db, user, added, new Date());
      if (created.length > 0) log.info({ created: created.length }, 'alerts created for new coins');
      return created.map((alert) => ({
        id: alert.id,
        coinSymbol: alert.coinSymbol ?? '',
        thresholdType: alert.thresholdType as ThresholdType,
        thresholdValue: Number(alert.thresholdValue),
        notificationMethod: alert.notificationMethod as NotificationMethod,
      }));
    } catch (error) {
      log.warn({ err: error }, 'could not create alerts for new coins');
      return [];
    }
  }

  router.get('/', async (ctx) => {
    ctx.body = await listHoldings(db, currentUser(ctx).id);
  });

  // CSV exports: the holdings in the import's columns, and every transaction.
  router.get('/export.csv', async (ctx) => {
    const holdings = await listHoldings(db, currentUser(ctx).id);
    sendCsv(ctx, exportFilename('holdings', utcDay(Date.now())), holdingsToCsv(holdings));
  });

  router.get('/transactions.csv', async (ctx) => {
    const userId = currentUser(ctx).id;
    const [holdings, histories] = await Promise.all([
      listHoldings(db, userId),
      listUserHistories(db, userId),
    ]);
    const rows = holdings.flatMap((h) =>
      (histories.get(h.id) ?? []).map((t) => ({
        type: t.kind,
        at: t.at,
        quantity: t.quantity,
        pricePerCoin: t.pricePerCoin,
        fee: t.fee,
        currency: t.currency ?? 'usd',
        note: t.note,
        name: h.name,
        symbol: h.symbol,
        address: h.address,
      })),
    );
    sendCsv(ctx, exportFilename('transactions', utcDay(Date.now())), transactionsToCsv(rows));
  });

  router.get('/summary', async (ctx) => {
    const { method } = parseOrThrow(
      ZTransactionsQuery,
      Object.fromEntries(new URLSearchParams(ctx.querystring)),
    );
    const user = currentUser(ctx);
    ctx.body = await investmentSummary(db, user.id, method ?? savedCostMethod(user));
  });

  router.get('/history', async (ctx) => {
    const { range } = parseOrThrow(ZHistoryQuery, Object.fromEntries(new URLSearchParams(ctx.querystring)));
    const user = currentUser(ctx);
    ctx.body = await withDisplayRates(db, user, await portfolioHistory(db, user.id, range, Date.now()));
  });

  // Value, net invested and returns over a range, from the transactions and the stored market history.
  router.get('/performance', async (ctx) => {
    const query = parseOrThrow(ZPerformanceQuery, Object.fromEntries(new URLSearchParams(ctx.querystring)));
    ctx.body = await portfolioPerformance(db, currentUser(ctx), query, Date.now());
  });

  router.post('/', jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZAddHolding, bodyOf(ctx));
    const user = currentUser(ctx);
    const { row, recordedBuy } = await addHolding(db, prices, user.id, input, newCoinPricing(ctx));
    // A coin already held gets a buy on its holding: 200, no new row, no new alert.
    ctx.status = recordedBuy ? 200 : 201;
    const autoAlerts = recordedBuy ? [] : await alertNewCoins(ctx.state.log, user, [row]);
    ctx.body = { ...row, autoAlerts, recordedBuy } satisfies AddHoldingResult;
    await announcePortfolioChange(bus, ctx.state.log, user.id, recordedBuy ? 'updated' : 'added');
  });

  router.post('/bulk', holdingImportLimit, jsonBody({ limit: BODY_LIMITS.bulk }), async (ctx) => {
    const { portfolioItems } = parseOrThrow(ZBulkAdd, bodyOf(ctx));
    const user = currentUser(ctx);
    const result = await addHoldingsInBulk(db, prices, user.id, portfolioItems, newCoinPricing(ctx));
    ctx.body = result;
    if (result.successful > 0) {
      await alertNewCoins(ctx.state.log, user, result.added);
      await announcePortfolioChange(bus, ctx.state.log, user.id, 'imported');
    }
  });

  // The import summary's offer: held coins it skipped take the balances it read.
  router.post('/balances', holdingImportLimit, jsonBody({ limit: BODY_LIMITS.bulk }), async (ctx) => {
    const input = parseOrThrow(ZHeldBalances, bodyOf(ctx));
    const user = currentUser(ctx);
    const result = await updateHeldBalances(db, user.id, input);
    ctx.body = result;
    if (result.updated.length > 0) await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });

  const tradePreviews = limiters('trade-previews', { points: TRADE_PREVIEWS_PER_HOUR, duration: 3600 });
  addImportRoutes(router, deps, imports, tradeImports, tradePreviews);

  router.post('/:id/report', jsonBody(), async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const report = parseOrThrow(ZReportHolding, bodyOf(ctx));
    // Counted once the request is valid, so a malformed one does not use up the hour's reports.
    await consumePoint(reports, `report:${currentUser(ctx).id}`);
    ctx.status = 202;
    ctx.body = await reportHolding(db, {
      user: currentUser(ctx),
      holdingId,
      report,
      supportEmail: config.mail.supportEmail,
    });
  });

  router.put('/:id', jsonBody(), async (ctx) => {
    const id = pathId(ctx.params.id);
    const changes = parseOrThrow(ZUpdateHolding, bodyOf(ctx));
    const user = currentUser(ctx);
    ctx.body = await changeHolding(db, user.id, id, changes);
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });

  // One holding's coin price over a day to everything since its first trade, for its detail chart.
  router.get('/:id/price-history', async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const { range } = parseOrThrow(
      ZPriceHistoryQuery,
      Object.fromEntries(new URLSearchParams(ctx.querystring)),
    );
    const user = currentUser(ctx);
    const history = await holdingPriceHistory(db, user.id, holdingId, range, Date.now());
    ctx.body = await withDisplayRates(db, user, history);
  });

  // A holding's transactions. Another user's holding is simply not found.
  router.get('/:id/transactions', async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const { method } = parseOrThrow(
      ZTransactionsQuery,
      Object.fromEntries(new URLSearchParams(ctx.querystring)),
    );
    const user = currentUser(ctx);
    ctx.body = await holdingTransactions(db, user.id, holdingId, method ?? savedCostMethod(user));
  });

  router.post('/:id/transactions', jsonBody(), async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const input = parseOrThrow(ZNewTransaction, bodyOf(ctx));
    const user = currentUser(ctx);
    ctx.body = await recordTransaction(db, user.id, holdingId, input);
    ctx.status = 201;
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });

  router.patch('/:id/transactions/:transactionId', jsonBody(), async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const id = transactionId(ctx.params.transactionId);
    const changes = parseOrThrow(ZTransactionChanges, bodyOf(ctx));
    const user = currentUser(ctx);
    ctx.body = await changeTransaction(db, user.id, holdingId, id, changes);
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });

  router.delete('/:id/transactions/:transactionId', async (ctx) => {
    const holdingId = pathId(ctx.params.id);
    const id = transactionId(ctx.params.transactionId);
    const user = currentUser(ctx);
    ctx.body = await deleteTransaction(db, user.id, holdingId, id);
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });

  router.delete('/:id', async (ctx) => {
    const user = currentUser(ctx);
    await removeHolding(db, user.id, pathId(ctx.params.id));
    ctx.status = 204;
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'deleted');
  });

  return router;
}
