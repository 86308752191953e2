/**
 * The live hook of billing: BillingLayer registers `onBillingUpdated` with the socket layer
 * (`onUserEvent('billing:updated', ...)`, DESIGN.md section 4). A checkout finished in another tab, a
 * webhook, a cancel elsewhere: the screens reload the billing info.
 */
import type { BillingUpdatedPayload } from '@coinpace/domain';
import { loadBilling, useBilling } from './billing-store.ts';

/** Reloads the billing info when it was loaded (or is loading) in this tab; otherwise the next screen loads it. */
export function onBillingUpdated(_payload: BillingUpdatedPayload): void {
  if (useBilling.getState().status !== 'idle') void loadBilling();
}
