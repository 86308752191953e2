import type { PlanId } from '../plans.ts';

/**
 * What the local payment provider (the embedded default of DESIGN.md section 3: a checkout page of our own,
 * no card) keeps, and the storage port it keeps it in. The types live here, below both `adapters` (the
 * provider) and `db` (the Postgres/PGlite store), so that neither imports the other.
 *
 * A local subscription has the id of the checkout session that started it, and starts when that session is
 * confirmed; that moment anchors its monthly periods.
 */

export type LocalCheckoutStatus = 'open' | 'complete' | 'canceled' | 'expired';

/** A local checkout session (db table `checkout_sessions`). */
export interface LocalCheckoutRecord {
  id: string;
  userId: string;
  planId: PlanId;
  /** May hold the literal `{CHECKOUT_SESSION_ID}`, replaced by the session id on completion. */
  successUrl: string;
  cancelUrl: string;
  status: LocalCheckoutStatus;
  createdAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
}

/** A local subscription: the provider's side of the truth, which the billing service reads back. */
export interface LocalSubscriptionRecord {
  /** The id of the checkout session that started it. */
  id: string;
  userId: string;
  customerId: string;
  planId: PlanId | null;
  status: 'active' | 'canceled';
  cancelAtPeriodEnd: boolean;
  /** When the checkout was confirmed: the anchor of its monthly periods. */
  startedAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/** One paid period of a local subscription (db table `local_invoices`). */
export interface LocalInvoiceRecord {
  id: string;
  userId: string;
  subscriptionId: string;
  planId: PlanId;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
}

/** Local checkout's fake card (db table `local_cards`): brand and last four digits only. */
export interface LocalCardRecord {
  userId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  updatedAt: Date;
}

/** Storage of the local provider. Implementations: in memory (adapters, tests) and on the database (db). */
export interface LocalPaymentStore {
  insertSession(session: LocalCheckoutRecord): Promise<void>;
  findSession(id: string): Promise<LocalCheckoutRecord | undefined>;
  /**
   * Moves an open session to 'complete' and saves the subscription it starts, atomically.
   * Returns false, changing nothing, when the session is not open (already completed, cancelled, expired).
   */
  completeSession(id: string, completedAt: Date, subscription: LocalSubscriptionRecord): Promise<boolean>;
  /** Moves an open session to `status`; false, changing nothing, when it is not open. */
  closeSession(id: string, status: 'canceled' | 'expired'): Promise<boolean>;
  /** Expires every open session of the user (account deletion), so its page refuses to take it. */
  expireOpenSessions(userId: string): Promise<void>;
  findSubscription(id: string): Promise<LocalSubscriptionRecord | undefined>;
  /** Saves the changed fields of an existing subscription (plan, status, cancellation, period). */
  updateSubscription(subscription: LocalSubscriptionRecord): Promise<void>;
  /** Records a paid period; a period already recorded (same subscription and start) is kept as it was. */
  recordInvoice(invoice: LocalInvoiceRecord): Promise<void>;
  /** The user's invoices, newest first. */
  listInvoices(userId: string, limit: number): Promise<LocalInvoiceRecord[]>;
  findCard(userId: string): Promise<LocalCardRecord | undefined>;
  saveCard(card: LocalCardRecord): Promise<void>;
  /** The user's credit, in cents (0 when none): a downgrade's unused time, kept for the next invoices. */
  creditOf(userId: string): Promise<number>;
  /** Adds `deltaCents` (negative: credit used on an invoice) to the user's credit; it never goes below 0. */
  addCredit(userId: string, deltaCents: number): Promise<void>;
}
