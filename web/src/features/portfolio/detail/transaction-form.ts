/**
 * The transaction form of a holding's detail view, as pure functions: the fields as typed,
 * read by the user's locale like the add-coin form, then checked by the API's own zod schema so the
 * browser refuses what the server would, with the same texts.
 */
import {
  USER_TRANSACTION_KINDS,
  ZNewTransaction,
  formatAmountIn,
  formatPriceIn,
  isDisplayCurrency,
  numberInputMessage,
  numberInputValue,
  readNumberInput,
  type NewTransaction,
  type TransactionKind,
  type TransactionRow,
} from '@coinpace/domain';

/** What the user sees for each kind, 'adjust' included (written by an inline edit of the row). */
export const KIND_LABELS: Record<TransactionKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  adjust: 'Adjustment',
  income: 'Income',
};

/** The kinds the form offers. */
export const FORM_KINDS = USER_TRANSACTION_KINDS;

/** The form's option for each kind: income says what counts as income. */
export const FORM_KIND_LABELS: Record<(typeof FORM_KINDS)[number], string> = {
  buy: KIND_LABELS.buy,
  sell: KIND_LABELS.sell,
  transfer_in: KIND_LABELS.transfer_in,
  transfer_out: KIND_LABELS.transfer_out,
  income: 'Income (staking, interest, airdrop)',
};

/** The form's fields as typed. `at` is a datetime-local value (the user's local time, no zone). */
export interface TransactionDraft {
  type: TransactionKind;
  at: string;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  note: string;
  /**
   * What price and fee are typed in: the display currency for a new transaction, the transaction's own
   * currency when editing one (a display currency code, or the id of the coin an import priced it in).
   */
  currency: string;
  /**
   * The exact instant the form started from (now, or the transaction's stored time): sent while `at`
   * still shows its minute, so a new transaction is not dated before one recorded seconds earlier.
   */
  atExact?: string;
}

export type TransactionCheck = { ok: true; payload: NewTransaction } | { ok: false; message: string };

const FIELD_LABELS = { quantity: 'Quantity', pricePerCoin: 'Price per coin', fee: 'Fee' } as const;

/** A datetime-local value ('2026-11-28T16:05') for an instant, in the browser's time zone. */
export function toLocalInput(iso: string | number): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * An empty draft: a buy now at the coin's current price (blank when none), in `currency` (the display
 * currency; `currentPrice` already in it).
 */
export function newDraft(
  currentPrice: number,
  now = Date.now(),
  locale?: string,
  currency: string = 'usd',
): TransactionDraft {
  return {
    type: 'buy',
    at: toLocalInput(now),
    quantity: '',
    pricePerCoin:
      currentPrice > 0 && Number.isFinite(currentPrice) ? numberInputValue(currentPrice, locale) : '',
    fee: '',
    note: '',
    currency,
    atExact: new Date(now).toISOString(),
  };
}

/** How a currency is named beside an amount: 'EUR'; a coin an import priced in by its id ('binancecoin'). */
export function currencyUnit(currency: string): string {
  return isDisplayCurrency(currency) ? currency.toUpperCase() : currency;
}

/** A transaction's price as recorded, in its own currency. */
export function formatTransactionPrice(amount: number, currency: string): string {
  return isDisplayCurrency(currency) ? formatPriceIn(currency, amount) : `${amount} ${currency}`;
}

/** A transaction's fee as recorded, in its own currency. */
export function formatTransactionAmount(amount: number, currency: string): string {
  return isDisplayCurrency(currency) ? formatAmountIn(currency, amount) : `${amount} ${currency}`;
}

/** The draft of an existing transaction, for editing it. */
export function draftOf(row: TransactionRow, locale?: string): TransactionDraft {
  return {
    type: row.type,
    at: toLocalInput(row.at),
    quantity: numberInputValue(row.quantity, locale),
    pricePerCoin: numberInputValue(row.pricePerCoin, locale),
    fee: Number(row.fee) > 0 ? numberInputValue(row.fee, locale) : '',
    note: row.note ?? '',
    currency: row.currency,
    atExact: row.at,
  };
}

/**
 * Checks a draft: date, quantity and price filled; each number readable by `locale` (a message naming
 * the field otherwise); then the API's ZNewTransaction (positive quantity, limits, no future date, note
 * length), whose first message is shown. An 'adjust' row keeps its kind: the schema is checked as a buy
 * and the payload then carries no type.
 */
export function checkTransaction(draft: TransactionDraft, locale?: string): TransactionCheck {
  if (draft.at.trim() === '' || draft.quantity.trim() === '' || draft.pricePerCoin.trim() === '') {
    return { ok: false, message: 'Please fill in the date, quantity and price per coin.' };
  }
  const unchanged = draft.atExact !== undefined && toLocalInput(draft.atExact) === draft.at;
  const at = new Date(unchanged ? draft.atExact! : draft.at);
  if (Number.isNaN(at.getTime())) return { ok: false, message: 'Date must be a valid date and time' };
  const numbers: Partial<Record<keyof typeof FIELD_LABELS, string>> = {};
  for (const key of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]) {
    const text = draft[key];
    if (key === 'fee' && text.trim() === '') continue;
    const reading = readNumberInput(text, locale);
    if (!reading.ok) {
      const label = FIELD_LABELS[key];
      return {
        ok: false,
        message:
          reading.problem === 'negative'
            ? `${label} must not be negative`
            : (numberInputMessage(label, text, locale) ?? `${label} must be a number`),
      };
    }
    numbers[key] = reading.decimal;
  }
  const parsed = ZNewTransaction.safeParse({
    type: draft.type === 'adjust' ? 'buy' : draft.type,
    at: at.toISOString(),
    quantity: numbers.quantity,
    pricePerCoin: numbers.pricePerCoin,
    fee: numbers.fee ?? '0',
    note: draft.note,
    // A coin an import priced the trade in is no currency the form offers: it stays as recorded.
    ...(isDisplayCurrency(draft.currency) ? { currency: draft.currency } : {}),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid input' };
  return { ok: true, payload: { ...parsed.data, type: draft.type as NewTransaction['type'] } };
}

/** The fields of `payload` that differ from `row`, for a PATCH; `type` left out for an adjustment. */
export function changesFrom(row: TransactionRow, payload: NewTransaction): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (row.type !== 'adjust' && payload.type !== row.type) changes.type = payload.type;
  // The form shows minutes: an unchanged minute keeps the stored seconds.
  if (Math.floor(Date.parse(payload.at) / 60_000) !== Math.floor(Date.parse(row.at) / 60_000)) {
    changes.at = payload.at;
  }
  if (Number(payload.quantity) !== Number(row.quantity)) changes.quantity = payload.quantity;
  if (Number(payload.pricePerCoin) !== Number(row.pricePerCoin)) changes.pricePerCoin = payload.pricePerCoin;
  if (Number(payload.fee) !== Number(row.fee)) changes.fee = payload.fee;
  if ((payload.note ?? null) !== (row.note ?? null)) changes.note = payload.note;
  if (isDisplayCurrency(row.currency) && payload.currency !== row.currency)
    changes.currency = payload.currency;
  return changes;
}
