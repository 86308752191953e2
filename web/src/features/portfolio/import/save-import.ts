/** Sending an import to the server in bulk requests, and what to tell the user when it fails. */
import {
  ALREADY_HELD_REASON,
  AppError,
  MAX_BULK_ITEMS,
  PORTFOLIO_TEXTS,
  type BulkAddResult,
  type BulkItem,
  type HoldingRow,
  type ImportFailure,
} from '@coinpace/domain';
import { api, isNetworkError } from '../../../lib/api-client.ts';
import { LOCAL_ID_PREFIX } from '../portfolio-store.ts';

/** What the server did with the items: how many it added, and the coins it skipped or refused, with why. */
export interface SavedImport {
  added: number;
  skipped: ImportFailure[];
  failures: ImportFailure[];
}

/**
 * Thrown by saveImport when a request fails: `cause` is the request's error, `saved` what the earlier
 * requests saved, and `sentItems` how many leading items those requests covered (the rest are not saved).
 */
export class ImportSaveError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly saved: SavedImport,
    readonly sentItems: number,
  ) {
    super(cause instanceof Error ? cause.message : 'Import save failed', { cause });
    this.name = 'ImportSaveError';
  }
}

/**
 * POST /api/portfolio/bulk in requests of at most MAX_BULK_ITEMS. Throws ImportSaveError when a request
 * fails, saying how far the earlier requests got.
 */
export async function saveImport(items: readonly BulkItem[]): Promise<SavedImport> {
  const saved: SavedImport = { added: 0, skipped: [], failures: [] };
  for (let i = 0; i < items.length; i += MAX_BULK_ITEMS) {
    let result: BulkAddResult;
    try {
      result = await api<BulkAddResult>('/api/portfolio/bulk', {
        method: 'POST',
        body: { portfolioItems: items.slice(i, i + MAX_BULK_ITEMS) },
      });
    } catch (error) {
      throw new ImportSaveError(error, saved, i);
    }
    saved.added += result.successful;
    for (const { item, error } of result.errors) {
      // The server's reason for a symbol already held (api/src/features/portfolio/service.ts).
      if (error === ALREADY_HELD_REASON) saved.skipped.push({ symbol: item.symbol, error });
      else saved.failures.push({ symbol: item.symbol, error });
    }
  }
  return saved;
}

/**
 * SPEC.md section 8, 'Saving': the message for a failed save, by cause. A rate limit or a network
 * failure advises waiting a few minutes (SPEC.md section 8, 'Rate-limit or network messages').
 */
export function describeSaveError(error: unknown): string {
  if (isNetworkError(error)) return PORTFOLIO_TEXTS.saveNetworkError;
  if (error instanceof AppError) {
    if (error.status === 401 || error.status === 403) return PORTFOLIO_TEXTS.saveAuthError;
    if (error.status === 429) return PORTFOLIO_TEXTS.saveRateLimited;
    if (error.status >= 500) return PORTFOLIO_TEXTS.saveServerError;
  }
  return PORTFOLIO_TEXTS.saveUnknownError;
}

let localCounter = 0;

/** Rows kept only in this tab when the server could not save them (SPEC.md section 4). */
export function toLocalRows(items: readonly BulkItem[], now = new Date()): HoldingRow[] {
  return items.map((item) => {
    localCounter += 1;
    return {
      id: `${LOCAL_ID_PREFIX}${localCounter}`,
      coinId: item.coingeckoId,
      coingeckoId: item.coingeckoId,
      symbol: item.symbol,
      name: item.name,
      quantity: item.quantity,
      purchasePrice: item.purchasePrice,
      currentPrice: 0,
      change24h: null,
      gainLoss: 0,
      address: item.address,
      image: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
  });
}
