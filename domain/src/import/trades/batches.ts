/** Trade imports as the user sees them afterwards: one batch per import, which can be undone. */

/** One import of GET /api/portfolio/import-batches. */
export interface ImportBatch {
  /** The batch id (not the job id of GET /api/portfolio/imports/:id). */
  id: string;
  exchange: string;
  fileName: string | null;
  /** ISO 8601. */
  createdAt: string;
  read: number;
  added: number;
  /** The import's transactions still recorded (some may have been deleted by hand since). */
  transactions: number;
  /** Hand-entered opening transactions it replaced; undoing restores them. */
  replaced: number;
  /** The holdings it wrote to. */
  holdings: { id: string; symbol: string }[];
}

/** Response of DELETE /api/portfolio/import-batches/:batchId. */
export interface UndoImportResult {
  /** Transactions removed. */
  removed: number;
  /** Opening balances put back. */
  restored: number;
  /** Symbols of the holdings the import had created, deleted as empty. */
  deletedHoldings: string[];
}

/** What the undo confirmation says about a batch. */
export function describeUndo(batch: Pick<ImportBatch, 'transactions' | 'replaced' | 'holdings'>): string {
  const trades = batch.transactions === 1 ? '1 transaction' : `${batch.transactions} transactions`;
  const coins = batch.holdings.map((h) => h.symbol).join(', ');
  const restored =
    batch.replaced > 0
      ? ` The ${batch.replaced === 1 ? 'opening balance' : `${batch.replaced} opening balances`} it replaced will be restored.`
      : '';
  return `This removes the ${trades} this import added${coins ? ` (${coins})` : ''}.${restored} Holdings the import created are deleted once empty.`;
}
