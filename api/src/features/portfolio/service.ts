import {
  deleteHolding,
  findHolding,
  holdsSymbol,
  insertHoldings,
  listHoldings,
  updateHolding,
  type AppDb,
  type NewHolding,
} from '@coinpace/db';
import {
  AppError,
  ZBulkHoldingItem,
  coingeckoIdForSymbol,
  describeIssues,
  parseFields,
  type AddHolding,
  type BulkAddResult,
  type BulkError,
  type HoldingRow,
  type UpdateHolding,
} from '@coinpace/domain';

export const DUPLICATE_REASON = 'Already in your portfolio';

/** Adds one holding; 409 when the symbol is already held (any case). */
export async function addHolding(db: AppDb, userId: string, input: AddHolding): Promise<HoldingRow> {
  if (await holdsSymbol(db, userId, input.symbol)) throw new AppError('DUPLICATE_HOLDING');
  const [created] = await insertHoldings(db, userId, [toNewHolding(input)]);
  // Lost a race with a concurrent add of the same symbol: the unique index kept one.
  if (!created) throw new AppError('DUPLICATE_HOLDING');
  return (await findHolding(db, userId, created.id))!;
}

/**
 * Adds many holdings. Each item is validated on its own; invalid items and symbols already held
 * (or repeated in the request) fail with a reason while the rest are added.
 */
export async function addHoldingsInBulk(db: AppDb, userId: string, items: unknown[]): Promise<BulkAddResult> {
  const errors: BulkError[] = [];
  const valid: { index: number; holding: NewHolding }[] = [];
  const held = new Set((await listHoldings(db, userId)).map((h) => h.symbol.toLowerCase()));
  const seen = new Set<string>();

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
  const updated = await updateHolding(db, userId, id, changes);
  if (!updated) throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
  return (await findHolding(db, userId, id))!;
}

/** Removes a holding; 404 when it is not the user's. */
export async function removeHolding(db: AppDb, userId: string, id: string): Promise<void> {
  if (!(await deleteHolding(db, userId, id)))
    throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
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
