import {
  changeHoldingHistory,
  deleteHolding,
  findHolding,
  heldHoldingId,
  insertHoldings,
  toTransactionRow,
  listHoldings,
  updateHolding,
  type AppDb,
  type NewHolding,
} from '@coinpace/db';
import type { PriceSource } from '@coinpace/adapters';
import {
  AppError,
  MAX_HOLDINGS_PER_USER,
  ZBulkHoldingItem,
  coingeckoIdForSymbol,
  compareDecimal,
  describeIssues,
  isZeroDecimal,
  parseFields,
  toDecimalString,
  type AddHolding,
  type BulkAddResult,
  type BulkError,
  type HeldBalances,
  type HeldBalancesResult,
  type HoldingRow,
  type RecordedBuy,
  type UpdateHolding,
} from '@coinpace/domain';
import { UNKNOWN_COIN_REASON, requireKnownCoin, unknownCoinIds } from '../prices/known-coins.ts';
import { priceNewCoins, type NewCoinPricing } from './price-new-coins.ts';

export const DUPLICATE_REASON = 'Already in your portfolio';
export const PORTFOLIO_FULL_REASON = `Your portfolio holds as many coins as it can (${MAX_HOLDINGS_PER_USER.toLocaleString('en-US')})`;

/** What adding a coin did: a new holding, or a buy recorded on the one already held. */
export interface AddOutcome {
  row: HoldingRow;
  recordedBuy: RecordedBuy | null;
}

/**
 * Adds one holding. A symbol already held (any case) gets no second row (SPEC.md section 4): the add is
 * recorded as a buy on the existing holding instead. 409 when the portfolio is full, 400 when
 * CoinGecko does not know the coin id. With `pricing`, a new coin is priced at once (see priceNewCoins),
 * so the row comes back with its price.
 */
export async function addHolding(
  db: AppDb,
  prices: PriceSource,
  userId: string,
  input: AddHolding,
  pricing?: NewCoinPricing,
): Promise<AddOutcome> {
  const heldId = await heldHoldingId(db, userId, input.symbol);
  if (heldId) return recordBuyOnHeld(db, userId, heldId, input);
  if ((await listHoldings(db, userId)).length >= MAX_HOLDINGS_PER_USER)
    throw new AppError('HOLDING_LIMIT_REACHED');
  if (input.coingeckoId) await requireKnownCoin(prices, input.coingeckoId);
  const [created] = await insertHoldings(db, userId, [toNewHolding(input)]);
  if (!created) {
    // Lost a race with a concurrent add of the same symbol: the unique index kept one; buy on it.
    const winner = await heldHoldingId(db, userId, input.symbol);
    if (!winner) throw new AppError('DUPLICATE_HOLDING');
    return recordBuyOnHeld(db, userId, winner, input);
  }
  if (pricing) await priceNewCoins(db, prices, [created.coingeckoId], pricing);
  return { row: (await findHolding(db, userId, created.id))!, recordedBuy: null };
}

/**
 * Records an add of a held coin as a buy of its quantity now. A purchase price of 0 ('not known') is
 * taken as the coin's current price when there is one, as a new holding's would become, so an unknown
 * price does not pull the average cost down.
 */
async function recordBuyOnHeld(
  db: AppDb,
  userId: string,
  holdingId: string,
  input: AddHolding,
): Promise<AddOutcome> {
  const before = await findHolding(db, userId, holdingId);
  // The symbol is held, but as another coin (symbols are not unique at CoinGecko): a buy of this one is
  // not a buy of that one, so nothing is recorded, as before transactions existed.
  if (input.coingeckoId && before?.coingeckoId && before.coingeckoId !== input.coingeckoId)
    throw new AppError('DUPLICATE_HOLDING');
  const known = before && before.currentPrice > 0 ? toDecimalString(before.currentPrice) : null;
  const price = isZeroDecimal(input.purchasePrice) && known ? known : input.purchasePrice;
  const outcome = await changeHoldingHistory(db, userId, holdingId, {
    op: 'insert',
    values: {
      kind: 'buy',
      at: new Date(),
      quantity: input.quantity,
      pricePerCoin: price,
      fee: '0',
      note: null,
    },
  });
  if (outcome.status === 'impossible')
    throw new AppError('IMPOSSIBLE_HISTORY', { message: outcome.problem.message });
  if (outcome.status !== 'ok' || !outcome.changed) throw new AppError('DUPLICATE_HOLDING');
  return {
    row: (await findHolding(db, userId, holdingId))!,
    recordedBuy: {
      transaction: toTransactionRow(outcome.changed),
      quantity: outcome.derived.quantity,
      averageCost: outcome.derived.averageCost,
    },
  };
}

/**
 * Adds many holdings. Each item is validated on its own; invalid items and symbols already held
 * (or repeated in the request) fail with a reason while the rest are added. With `pricing`, the new coins
 * are priced at once (see priceNewCoins), so `added` comes back with their prices.
 */
export async function addHoldingsInBulk(
  db: AppDb,
  prices: PriceSource,
  userId: string,
  items: unknown[],
  pricing?: NewCoinPricing,
): Promise<BulkAddResult> {
  const errors: BulkError[] = [];
  const valid: { index: number; holding: NewHolding }[] = [];
  const held = new Set((await listHoldings(db, userId)).map((h) => h.symbol.toLowerCase()));
  const seen = new Set<string>();
  const unknown = await unknownCoinIds(prices, items.flatMap(coingeckoIdOf));
  let room = MAX_HOLDINGS_PER_USER - held.size;

  items.forEach((raw, index) => {
    const parsed = parseFields(ZBulkHoldingItem, raw, 'Each item');
    if (!parsed.success) {
      errors.push({ item: { symbol: symbolOf(raw), index }, error: describeIssues(parsed.error) });
      return;
    }
    const key = parsed.data.symbol.toLowerCase();
    if (held.has(key) || seen.has(key)) {
      errors.push({ item: { symbol: parsed.data.symbol, index }, error: DUPLICATE_REASON });
      return;
    }
    if (parsed.data.coingeckoId && unknown.has(parsed.data.coingeckoId)) {
      errors.push({ item: { symbol: parsed.data.symbol, index }, error: UNKNOWN_COIN_REASON });
      return;
    }
    if (room <= 0) {
      errors.push({ item: { symbol: parsed.data.symbol, index }, error: PORTFOLIO_FULL_REASON });
      return;
    }
    room -= 1;
    seen.add(key);
    valid.push({ index, holding: toNewHolding(parsed.data) });
  });

  const created = await insertHoldings(
    db,
    userId,
    valid.map((v) => v.holding),
  );
  const createdSymbols = new Set(created.map((c) => c.symbol.toLowerCase()));
  for (const { index, holding } of valid) {
    // Added by a concurrent request between our read and our insert.
    if (!createdSymbols.has(holding.symbol.toLowerCase())) {
      errors.push({ item: { symbol: holding.symbol, index }, error: DUPLICATE_REASON });
    }
  }
  errors.sort((a, b) => a.item.index - b.item.index);
  if (pricing)
    await priceNewCoins(
      db,
      prices,
      created.map((c) => c.coingeckoId),
      pricing,
    );
  const createdIds = new Set(created.map((c) => c.id));
  const added = (await listHoldings(db, userId)).filter((h) => createdIds.has(h.id));
  return { successful: created.length, failed: errors.length, errors, added };
}

/** Changes a holding's purchase price (and quantity); 404 when it is not the user's. */
export async function changeHolding(
  db: AppDb,
  userId: string,
  id: string,
  changes: UpdateHolding,
): Promise<HoldingRow> {
  const outcome = await updateHolding(db, userId, id, changes);
  if (outcome.status === 'not_found')
    throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
  if (outcome.status === 'impossible')
    throw new AppError('IMPOSSIBLE_HISTORY', { message: outcome.problem.message });
  return (await findHolding(db, userId, id))!;
}

/** Why a balance from an import was not applied: the coin is not (or no longer) in the portfolio. */
export const NOT_HELD_REASON = 'Not in your portfolio';

/**
 * Sets held coins' quantities to the balances an import read: each by an adjusting
 * transaction at the holding's average cost, the inline edit's change, so the history stays true and the
 * purchase price is kept. A symbol listed twice takes its last balance; one already at its balance
 * records nothing.
 */
export async function updateHeldBalances(
  db: AppDb,
  userId: string,
  { balances }: HeldBalances,
): Promise<HeldBalancesResult> {
  const bySymbol = new Map((await listHoldings(db, userId)).map((h) => [h.symbol.toLowerCase(), h]));
  const wanted = new Map(balances.map((b) => [b.symbol.toLowerCase(), b]));
  const result: HeldBalancesResult = { updated: [], unchanged: [], failed: [] };
  const changed = new Set<string>();
  for (const [key, { symbol, quantity }] of wanted) {
    const holding = bySymbol.get(key);
    if (!holding) {
      result.failed.push({ symbol, error: NOT_HELD_REASON });
      continue;
    }
    if (compareDecimal(quantity, holding.quantity) === 0) {
      result.unchanged.push(holding.symbol);
      continue;
    }
    const outcome = await updateHolding(db, userId, holding.id, {
      quantity,
      purchasePrice: holding.purchasePrice,
    });
    if (outcome.status === 'ok') changed.add(holding.id);
    else
      result.failed.push({
        symbol: holding.symbol,
        error: outcome.status === 'impossible' ? outcome.problem.message : NOT_HELD_REASON,
      });
  }
  if (changed.size > 0) result.updated = (await listHoldings(db, userId)).filter((h) => changed.has(h.id));
  return result;
}

/** Removes a holding; 404 when it is not the user's. */
export async function removeHolding(db: AppDb, userId: string, id: string): Promise<void> {
  if (!(await deleteHolding(db, userId, id)))
    throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
}

/** The CoinGecko id an unvalidated bulk item names, if it names one as a string. */
function coingeckoIdOf(raw: unknown): string[] {
  const id = (raw as { coingeckoId?: unknown } | null)?.coingeckoId;
  return typeof id === 'string' && id ? [id] : [];
}

function toNewHolding(input: {
  coingeckoId: string | null;
  name: string;
  symbol: string;
  address: string | null;
  quantity: string;
  purchasePrice: string;
  image: string | null;
}): NewHolding {
  return {
    coingeckoId: input.coingeckoId ?? coingeckoIdForSymbol(input.symbol) ?? null,
    name: input.name,
    symbol: input.symbol,
    address: input.address,
    quantity: input.quantity,
    purchasePrice: input.purchasePrice,
    image: input.image,
  };
}

function symbolOf(raw: unknown): string {
  const symbol = (raw as { symbol?: unknown } | null)?.symbol;
  return typeof symbol === 'string' ? symbol.trim().toUpperCase().slice(0, 20) : '';
}
