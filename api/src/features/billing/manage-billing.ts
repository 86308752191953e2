import { isLocalPaymentProvider, type LocalPaymentProvider, type ProviderInvoice } from '@coinpace/adapters';
import { findSubscription, type UserRecord } from '@coinpace/db';
import {
  AppError,
  findPlan,
  type InvoicesResponse,
  type InvoiceView,
  type LocalCard,
  type LocalCardView,
  type PortalSession,
  type PortalSessionResponse,
} from '@coinpace/domain';
import { assertSelf, type BillingDeps } from './billing-deps.ts';
import { ownSiteUrl } from './return-urls.ts';

/**
 * Managing billing: the invoices list of the billing screen, and the "Manage payment method
 * and invoices" action, which is Stripe's customer portal or, with local checkout, the page
 * /billing/local-portal (its invoices and a fake card update).
 */

/** The provider customer kept for the user, when it is the configured provider's. */
async function customerOf(deps: BillingDeps, user: UserRecord): Promise<string | null> {
  const row = await findSubscription(deps.db, user.id);
  return row?.provider === deps.payments.name ? (row.customerId ?? null) : null;
}

const toInvoiceView = (invoice: ProviderInvoice): InvoiceView => ({
  id: invoice.id,
  date: invoice.created.toISOString(),
  plan: findPlan(invoice.planId)?.name ?? null,
  amount: invoice.amountCents / 100,
  currency: invoice.currency,
  status: invoice.status,
});

/** GET /api/billing/invoices: newest first, from the provider (no copy of Stripe's invoices is kept), and the credit held. */
export async function listInvoices(deps: BillingDeps, user: UserRecord): Promise<InvoicesResponse> {
  const customerId = await customerOf(deps, user);
  const [invoices, creditCents] = await Promise.all([
    deps.payments.listInvoices({ userId: user.id, customerId }),
    deps.payments.creditBalance({ userId: user.id, customerId }),
  ]);
  return { invoices: invoices.map(toInvoiceView), credit: creditCents / 100 };
}

/** POST /api/billing/portal-session. Stripe needs the user's customer, which exists from the first checkout on. */
export async function createPortalSession(
  deps: BillingDeps,
  user: UserRecord,
  input: PortalSession,
  requestOrigin: string,
): Promise<PortalSessionResponse> {
  assertSelf(input, user);
  const returnUrl = input.returnUrl
    ? ownSiteUrl(deps.config.publicUrl, requestOrigin, input.returnUrl, 'returnUrl')
    : `${deps.config.publicUrl}/account`;
  const customerId = (await customerOf(deps, user)) ?? (isLocalPaymentProvider(deps.payments) ? '' : null);
  if (customerId === null) {
    throw new AppError('CONFLICT', { message: 'No payment account yet: subscribe to a plan first.' });
  }
  return deps.payments.createPortalSession({ userId: user.id, customerId, returnUrl });
}

function localProvider(deps: BillingDeps): LocalPaymentProvider {
  if (!isLocalPaymentProvider(deps.payments)) {
    throw new AppError('NOT_FOUND', {
      message: 'The local billing page is not used: payments go through Stripe.',
    });
  }
  return deps.payments;
}

const toCardView = (card: Awaited<ReturnType<LocalPaymentProvider['getCard']>>): LocalCardView => ({
  card: card
    ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
    : null,
});

/** GET /api/billing/local-portal/card. */
export async function getLocalCard(deps: BillingDeps, user: UserRecord): Promise<LocalCardView> {
  return toCardView(await localProvider(deps).getCard(user.id));
}

/** PUT /api/billing/local-portal/card: the number was checked by the schema; only brand and last4 are kept. */
export async function saveLocalCard(
  deps: BillingDeps,
  user: UserRecord,
  input: LocalCard,
): Promise<LocalCardView> {
  assertSelf(input, user);
  return toCardView(await localProvider(deps).saveCard(user.id, input));
}
