/**
 * A holding's transactions: read, record, change and delete, each change re-deriving the
 * holding in the same database transaction and refused when the history would become impossible.
 */
import {
  changeHoldingHistory,
  findTransaction,
  historiesIn,
  listUserHistories,
  readHoldingHistory,
  toTransactionRow,
  type AppDb,
  type HistoryChange,
  type HistoryOutcome,
} from '@coinpace/db';
import {
  AppError,
  type CostMethod,
  type HoldingTransactionsResult,
  type NewTransaction,
  type PortfolioInvestmentSummary,
  type TransactionChanges,
  summarizeInvestments,
  transactionLimitProblems,
} from '@coinpace/domain';

const HOLDING_NOT_FOUND = 'Portfolio item not found.';
const TRANSACTION_NOT_FOUND = 'Transaction not found.';

/**
 * GET /api/portfolio/summary: every holding's total invested and realised gain by `method`, and the sums.
 * All histories are read in one query, however many holdings there are.
 */
export async function investmentSummary(
  db: AppDb,
  userId: string,
  method: CostMethod,
): Promise<PortfolioInvestmentSummary> {
  // The sums are in dollars, as every holding's row is: each transaction at its own day's rate.
  const { histories } = await historiesIn(db, await listUserHistories(db, userId), 'usd');
  return summarizeInvestments(histories, method);
}

/** The holding's history and what it derives by `method`; 404 when the holding is not the user's. */
export async function holdingTransactions(
  db: AppDb,
  userId: string,
  holdingId: string,
  method: CostMethod,
): Promise<HoldingTransactionsResult> {
  return toResult(holdingId, await readHoldingHistory(db, userId, holdingId, method), HOLDING_NOT_FOUND);
}

/** Records a transaction; 409 IMPOSSIBLE_HISTORY when it takes out more than was held at its time. */
export async function recordTransaction(
  db: AppDb,
  userId: string,
  holdingId: string,
  input: NewTransaction,
): Promise<HoldingTransactionsResult> {
  const change: HistoryChange = {
    op: 'insert',
    values: {
      kind: input.type,
      at: new Date(input.at),
      quantity: input.quantity,
      pricePerCoin: input.pricePerCoin,
      fee: input.fee,
      note: input.note,
      currency: input.currency,
    },
  };
  return toResult(holdingId, await changeHoldingHistory(db, userId, holdingId, change), HOLDING_NOT_FOUND);
}

/** Changes a transaction's fields; 404 when it is not one of this holding's, 409 when impossible. */
export async function changeTransaction(
  db: AppDb,
  userId: string,
  holdingId: string,
  id: string,
  changes: TransactionChanges,
): Promise<HoldingTransactionsResult> {
  await checkChangedAmounts(db, userId, holdingId, id, changes);
  const values: Extract<HistoryChange, { op: 'update' }>['values'] = {};
  if (changes.type !== undefined) values.kind = changes.type;
  if (changes.at !== undefined) values.at = new Date(changes.at);
  if (changes.quantity !== undefined) values.quantity = changes.quantity;
  if (changes.pricePerCoin !== undefined) values.pricePerCoin = changes.pricePerCoin;
  if (changes.fee !== undefined) values.fee = changes.fee;
  if (changes.note !== undefined) values.note = changes.note;
  if (changes.currency !== undefined) values.currency = changes.currency;
  const outcome = await changeHoldingHistory(db, userId, holdingId, { op: 'update', id, values });
  return toResult(holdingId, outcome, TRANSACTION_NOT_FOUND);
}

/**
 * The price and fee the change leaves, checked against the currency it leaves: a new price of a yen
 * transaction is held to the yen's limit, and a change of currency alone to the new currency's limit
 * for the stored price. 400 with the limit's message otherwise.
 */
async function checkChangedAmounts(
  db: AppDb,
  userId: string,
  holdingId: string,
  id: string,
  changes: TransactionChanges,
): Promise<void> {
  const { pricePerCoin, fee, currency } = changes;
  if (pricePerCoin === undefined && fee === undefined && currency === undefined) return;
  const stored = await findTransaction(db, userId, holdingId, id);
  // Not found is answered by the change itself, as 404.
  if (!stored) return;
  const [problem] = transactionLimitProblems({
    pricePerCoin: pricePerCoin ?? stored.pricePerCoin,
    fee: fee ?? stored.fee,
    currency: currency ?? stored.currency,
  });
  if (problem) throw new AppError('VALIDATION_FAILED', { message: problem });
}

/** Deletes a transaction; 404 when it is not one of this holding's, 409 when the rest is impossible. */
export async function deleteTransaction(
  db: AppDb,
  userId: string,
  holdingId: string,
  id: string,
): Promise<HoldingTransactionsResult> {
  const outcome = await changeHoldingHistory(db, userId, holdingId, { op: 'delete', id });
  return toResult(holdingId, outcome, TRANSACTION_NOT_FOUND);
}

function toResult(holdingId: string, outcome: HistoryOutcome, notFound: string): HoldingTransactionsResult {
  if (outcome.status === 'not_found') throw new AppError('NOT_FOUND', { message: notFound });
  if (outcome.status === 'impossible')
    throw new AppError('IMPOSSIBLE_HISTORY', { message: outcome.problem.message });
  return {
    holdingId,
    transactions: outcome.transactions.map(toTransactionRow),
    derived: outcome.derived,
  };
}
