import type { portfolioItems } from '../schema/index.ts';

/**
 * A stored holding row. In a module of its own because both the portfolio queries and the transaction
 * history (which keeps each row's quantity and cost current) speak of it, and neither may import the other.
 */
export type HoldingRecord = typeof portfolioItems.$inferSelect;
