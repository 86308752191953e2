/** The reference's entries for the portfolio routes. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import { ZHistoryQuery } from '../schemas/portfolio-history.ts';
import { ZPriceHistoryQuery } from '../schemas/price-history.ts';
import { ZPerformanceQuery } from '../schemas/portfolio-performance.ts';
import { ZReportHolding } from '../schemas/portfolio-report.ts';
import { ZAddHolding, ZBulkAdd, ZHeldBalances, ZUpdateHolding } from '../schemas/portfolio.ts';
import { ZNewTransaction, ZTransactionChanges, ZTransactionsQuery } from '../transactions/schemas.ts';
import { ZImportTrades } from '../import/trades/schema.ts';
import {
  ZHoldingTransactionsResult,
  ZPortfolioInvestmentSummary,
  ZTradeImportAnswer,
  ZTradeImportJob,
} from './responses-transactions.ts';
import {
  ZBulkAddResult,
  ZAddHoldingResult,
  ZHeldBalancesResult,
  ZHoldingRow,
  ZPortfolioHistory,
  ZPriceHistoryResponse,
  ZPortfolioPerformance,
  ZReportQueued,
} from './responses-portfolio.ts';
import type { ParamDoc, RouteDoc } from './route-doc.ts';

const holdingId: Record<string, ParamDoc> = { id: { schema: z.uuid(), description: 'The holding id.' } };
/** The holdings imports' shared limit (api HOLDING_IMPORTS_PER_HOUR). */
const HOLDING_IMPORTS_LIMIT = '60 holdings imports (bulk and balances together) per user per hour';

export const PORTFOLIO_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/portfolio',
    tag: 'Portfolio',
    access: 'user',
    summary: 'List holdings',
    responses: { 200: { description: 'Holdings, oldest first.', schema: z.array(ZHoldingRow) } },
  },
  {
    method: 'get',
    path: '/api/portfolio/export.csv',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Export holdings as CSV',
    description:
      'A download (Content-Disposition: attachment) with the columns the holdings import reads: Name, ' +
      'Symbol, Quantity, Balance ($) (quantity × purchase price, so the import sets the same purchase ' +
      'price) and Contract Address. Importing it into an empty portfolio gives the same holdings; coins ' +
      'with nothing held are left out.',
    responses: {
      200: {
        description: 'The CSV file.',
        schema: z.string(),
        type: 'csv',
        headers: { 'Content-Disposition': 'attachment; filename="coinpace-portfolio-YYYY-MM-DD.csv"' },
      },
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/transactions.csv',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Export transactions as CSV',
    description:
      'A download of every transaction of every holding, by holding then time: Date (UTC), Type, Name, ' +
      'Symbol, Quantity, Price per coin, Fee, Note, Contract Address, Currency (what the price and fee ' +
      'are in: a display currency code such as usd or eur, or the CoinGecko id of the coin a trade was ' +
      'priced in).',
    responses: {
      200: {
        description: 'The CSV file.',
        schema: z.string(),
        type: 'csv',
        headers: { 'Content-Disposition': 'attachment; filename="coinpace-transactions-YYYY-MM-DD.csv"' },
      },
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/summary',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Total invested and realised gain',
    description:
      'Every holding’s history derived in one read: what each holding cost in all (buys and transfers in, ' +
      'fees included) and what its sales realised, with the sums, by the user’s saved cost method unless ' +
      'method is given.',
    query: {
      method: {
        schema: ZTransactionsQuery.shape.method,
        description: 'average, fifo, lifo or hifo; default the saved one.',
      },
    },
    responses: {
      200: { description: 'The sums and each holding’s part.', schema: ZPortfolioInvestmentSummary },
      400: 'method is not average, fifo, lifo or hifo.',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/performance',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Portfolio performance over a range',
    description:
      'From the transactions and the stored market history (hourly for 1D, 1W and 1M, daily closes beyond; ' +
      'the latest price for now; nothing is asked upstream): value and net amount invested as steps, the ' +
      'gain, the money-weighted return (modified Dietz) and the time-weighted return (sub-period returns ' +
      'chained between money flows), and optionally what the same flows would be worth in bitcoin or ' +
      'ether. Buys and sells count at their own amounts, transfers and edits at the market price. Amounts ' +
      'are in the display currency at the stored rate of each day (dollars while none is stored).',
    query: {
      range: {
        schema: ZPerformanceQuery.shape.range,
        description: '1D, 1W, 1M (default), YTD, 1Y or ALL (from the first transaction).',
      },
      benchmark: { schema: ZPerformanceQuery.shape.benchmark, description: 'bitcoin or ethereum; optional.' },
    },
    responses: {
      200: { description: 'The performance.', schema: ZPortfolioPerformance },
      400: 'range or benchmark is not one of the values listed, or another query parameter was sent.',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/history',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Portfolio value over time',
    description:
      'Current quantities valued at past prices: hourly points over 7 days, 4-hourly over 30, 12-hourly over ' +
      '90, daily over a year. Prices are those the poll recorded, and where it recorded none, the market ' +
      'history the poller stores (hourly for 90 days, daily back to the first trade).',
    query: {
      range: { schema: ZHistoryQuery.shape.range, description: '7d (default), 30d, 90d or 1y.' },
    },
    responses: {
      200: { description: 'The value history.', schema: ZPortfolioHistory },
      400: 'range is not 7d, 30d, 90d or 1y.',
    },
  },
  {
    method: 'post',
    path: '/api/portfolio',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Add a coin',
    description:
      'A purchase price of 0 becomes the first current price. The coin id must be on CoinGecko’s coin ' +
      'list (400 UNKNOWN_COIN otherwise). A new coin without a recent stored price is priced in this ' +
      'request (one look-up, waiting behind the live price poll), so it comes back with its currentPrice; ' +
      'when the price source cannot answer, currentPrice is 0 until the next poll.',
    body: { schema: ZAddHolding, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: {
        description:
          'The coin was already held: no second row; the add is recorded as a buy on the holding (a price of ' +
          '0 taken as the current price), which shows its new quantity and average cost (recordedBuy).',
        schema: ZAddHoldingResult,
      },
      201: { description: 'The holding, and the alerts set on it.', schema: ZAddHoldingResult },
      409: 'The portfolio holds 1,000 coins (HOLDING_LIMIT_REACHED).',
    },
  },
  {
    method: 'post',
    path: '/api/portfolio/bulk',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Import holdings',
    description:
      'Up to 1,000 items, each validated alone: a bad item fails by itself and is listed in errors, as ' +
      'does a coin id CoinGecko does not know and any item past the 1,000 holdings a portfolio may have. ' +
      'The new coins without a recent stored price are priced in this request, in one look-up, so added ' +
      'lists them with their currentPrice.',
    body: { schema: ZBulkAdd, required: true, limit: formatBodyLimit(BODY_LIMITS.bulk) },
    rateLimit: HOLDING_IMPORTS_LIMIT,
    responses: { 200: { description: 'What was added and what failed.', schema: ZBulkAddResult } },
  },
  {
    method: 'post',
    path: '/api/portfolio/balances',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Update held coins to imported balances',
    description:
      'After an import that skipped coins already held: each listed coin the user holds (symbol, any case) ' +
      'gets the quantity given, recorded as an adjusting transaction that keeps its average cost, as an ' +
      'inline edit of the quantity does. A coin already at that quantity is left alone; one not held is ' +
      'listed in failed.',
    body: { schema: ZHeldBalances, required: true, limit: formatBodyLimit(BODY_LIMITS.bulk) },
    rateLimit: HOLDING_IMPORTS_LIMIT,
    responses: {
      200: { description: 'What was updated, unchanged and not applied.', schema: ZHeldBalancesResult },
    },
  },
  {
    method: 'post',
    path: '/api/portfolio/import-trades',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Import an exchange trade history',
    description:
      'The text of a trade-history export of Binance, Coinbase, Kraken or Bybit, or of Coinpace’s own ' +
      'transactions export (GET /api/portfolio/transactions.csv; known by its header, up to ' +
      '20,000 rows). Each row becomes a buy, sell, transfer in or transfer out on the coin’s holding; a coin ' +
      'not held yet gets a holding made from its trades. A row imported before (the same exchange row) is ' +
      'skipped as a duplicate. A row priced in a display currency (euros, pounds, …) keeps its currency; one ' +
      'priced in a coin (ETHBTC, a Convert) is also a sale or buy of that coin. A row that cannot be read, is ' +
      'priced in a currency that is neither a display currency, a dollar stablecoin nor a known coin, or ' +
      'takes out more than was held at its time fails alone, with its row number and why. The import runs as a job, one at a time across the deployment; the request waits up to 2 s ' +
      'for it. A file of no known format is refused at once.',
    body: { schema: ZImportTrades, required: true, limit: formatBodyLimit(BODY_LIMITS.trades) },
    rateLimit: '30 imports per user per hour',
    responses: {
      200: { description: 'Done within the wait: what happened to every row.', schema: ZTradeImportAnswer },
      202: {
        description:
          'Still queued or running after the wait: the job, followed by GET /api/portfolio/imports/{id} and ' +
          'the socket event import:progress.',
        schema: ZTradeImportJob,
      },
      503: 'IMPORTS_UNAVAILABLE: the job queue (Redis) does not answer within 1.5 s; nothing was queued (Retry-After).',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/imports/{id}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Follow a trade import',
    description:
      'The import job: queued, running (with how far it is), done (with the summary) or failed (with why). ' +
      'Its owner only; finished jobs are kept for an hour.',
    params: { id: { schema: z.uuid(), description: 'The jobId of the import.' } },
    responses: {
      200: { description: 'The job.', schema: ZTradeImportJob },
      404: 'No such import of this user (or it finished more than an hour ago).',
    },
  },
  {
    method: 'post',
    path: '/api/portfolio/{id}/report',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Report an error in a holding',
    description: "Queues an e-mail to support with the holding's details and an optional note.",
    params: holdingId,
    body: { schema: ZReportHolding, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit: '10 reports per user per hour',
    responses: { 202: { description: 'Queued.', schema: ZReportQueued }, 404: 'No such holding.' },
  },
  {
    method: 'put',
    path: '/api/portfolio/{id}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Change a holding',
    description: 'The purchase price per coin, and optionally the quantity.',
    params: holdingId,
    body: { schema: ZUpdateHolding, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The holding as changed.', schema: ZHoldingRow },
      404: 'No such holding.',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/{id}/price-history',
    tag: 'Portfolio',
    access: 'user',
    summary: 'A holding’s coin price over time',
    description:
      'The price in USD of the holding’s coin (each point’s value) over 1d (15-minute steps), 1w (hourly), ' +
      '1m (4-hourly), ytd, 1y (daily) or all (since the holding’s first transaction; daily, weekly past ' +
      'three years), from the recorded prices and the stored market history (days older than a year ' +
      'from Binance); no points for a coin without a CoinGecko id. The value chart’s 7d, 30d and 90d are ' +
      'understood too. For a display currency other than the dollar, `fx` carries its daily rates as in ' +
      'GET /api/portfolio/history.',
    params: holdingId,
    query: {
      range: {
        schema: ZPriceHistoryQuery.shape.range,
        description: '1d, 1w, 1m, ytd, 1y, all, or 7d (default), 30d, 90d.',
      },
    },
    responses: {
      200: { description: 'The price history.', schema: ZPriceHistoryResponse },
      400: 'range is not one of the ranges.',
      404: 'No such holding.',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/{id}/transactions',
    tag: 'Portfolio',
    access: 'user',
    summary: 'A holding’s transactions',
    description:
      'The history, oldest first, and what it derives: quantity, average cost, total invested and the gain ' +
      'each sale realised, by the average-cost method (default) or first in, first out.',
    params: holdingId,
    query: { method: { schema: ZTransactionsQuery.shape.method, description: 'average (default) or fifo.' } },
    responses: {
      200: { description: 'The history and the holding it derives.', schema: ZHoldingTransactionsResult },
      400: 'method is not average, fifo, lifo or hifo.',
      404: 'No such holding.',
    },
  },
  {
    method: 'post',
    path: '/api/portfolio/{id}/transactions',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Record a transaction',
    description:
      'A buy, sell, transfer in or transfer out. The holding’s quantity and purchase price (its average ' +
      'cost) are derived again in the same database transaction.',
    params: holdingId,
    body: { schema: ZNewTransaction, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      201: { description: 'The history and the holding it derives.', schema: ZHoldingTransactionsResult },
      404: 'No such holding.',
      409: 'It takes out more than the holding had at its time (IMPOSSIBLE_HISTORY).',
    },
  },
  {
    method: 'patch',
    path: '/api/portfolio/{id}/transactions/{transactionId}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Change a transaction',
    params: { ...holdingId, transactionId: { schema: z.uuid(), description: 'The transaction id.' } },
    body: { schema: ZTransactionChanges, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The history and the holding it derives.', schema: ZHoldingTransactionsResult },
      404: 'No such holding or transaction.',
      409: 'The history would take out more than the holding had at some time (IMPOSSIBLE_HISTORY).',
    },
  },
  {
    method: 'delete',
    path: '/api/portfolio/{id}/transactions/{transactionId}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Delete a transaction',
    params: { ...holdingId, transactionId: { schema: z.uuid(), description: 'The transaction id.' } },
    responses: {
      200: { description: 'The history and the holding it derives.', schema: ZHoldingTransactionsResult },
      404: 'No such holding or transaction.',
      409: 'The rest of the history would take out more than was held (IMPOSSIBLE_HISTORY).',
    },
  },
  {
    method: 'delete',
    path: '/api/portfolio/{id}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Delete a holding',
    params: holdingId,
    responses: { 204: { description: 'Deleted.' }, 404: 'No such holding.' },
  },
];
