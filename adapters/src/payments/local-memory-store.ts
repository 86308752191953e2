import type {
  LocalCardRecord,
  LocalCheckoutRecord,
  LocalInvoiceRecord,
  LocalPaymentStore,
  LocalSubscriptionRecord,
} from '@coinpace/domain';

/**
 * The local provider's store in memory: for tests and the contract suite. Production keeps the same records
 * in the database (`createDbLocalPaymentStore` in @coinpace/db), so they outlive a restart.
 */
export function createMemoryLocalPaymentStore(): LocalPaymentStore & {
  readonly sessions: Map<string, LocalCheckoutRecord>;
  readonly subscriptions: Map<string, LocalSubscriptionRecord>;
} {
  const sessions = new Map<string, LocalCheckoutRecord>();
  const subscriptions = new Map<string, LocalSubscriptionRecord>();
  const invoices = new Map<string, LocalInvoiceRecord>();
  const cards = new Map<string, LocalCardRecord>();
  const credits = new Map<string, number>();
  const copy = <T extends object>(value: T | undefined): T | undefined => (value ? { ...value } : undefined);

  return {
    sessions,
    subscriptions,
    async insertSession(session) {
      if (sessions.has(session.id)) throw new Error(`checkout session ${session.id} exists`);
      sessions.set(session.id, { ...session });
    },
    async findSession(id) {
      return copy(sessions.get(id));
    },
    async completeSession(id, completedAt, subscription) {
      const session = sessions.get(id);
      if (session?.status !== 'open') return false;
      Object.assign(session, { status: 'complete', completedAt });
      subscriptions.set(subscription.id, { ...subscription });
      return true;
    },
    async closeSession(id, status) {
      const session = sessions.get(id);
      if (session?.status !== 'open') return false;
      session.status = status;
      return true;
    },
    async expireOpenSessions(userId) {
      for (const session of sessions.values()) {
        if (session.userId === userId && session.status === 'open') session.status = 'expired';
      }
    },
    async findSubscription(id) {
      return copy(subscriptions.get(id));
    },
    async updateSubscription(subscription) {
      if (!subscriptions.has(subscription.id)) throw new Error(`no local subscription ${subscription.id}`);
      subscriptions.set(subscription.id, { ...subscription });
    },
    async recordInvoice(invoice) {
      const key = `${invoice.subscriptionId}:${invoice.periodStart.toISOString()}`;
      if (!invoices.has(key)) invoices.set(key, { ...invoice });
    },
    async listInvoices(userId, limit) {
      return [...invoices.values()]
        .filter((inv) => inv.userId === userId)
        .sort((a, b) => b.periodStart.getTime() - a.periodStart.getTime())
        .slice(0, limit)
        .map((inv) => ({ ...inv }));
    },
    async findCard(userId) {
      return copy(cards.get(userId));
    },
    async saveCard(card) {
      cards.set(card.userId, { ...card });
    },
    async creditOf(userId) {
      return credits.get(userId) ?? 0;
    },
    async addCredit(userId, deltaCents) {
      credits.set(userId, Math.max(0, (credits.get(userId) ?? 0) + deltaCents));
    },
  };
}
