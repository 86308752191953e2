/**
 * The live hook of billing: the socket layer (web/src/lib/socket.ts, DESIGN.md section 4) calls
 * `onBillingUpdated` for each `billing:updated` event of the signed-in user, e.g.
 * `socket.on('billing:updated', onBillingUpdated)`. A checkout finished in another tab, a webhook, a cancel
 * elsewhere: the screens reload the billing info.
 */
import type { BillingUpdatedPayload } from '@coinpace/domain';
import { loadBilling, useBilling } from './billing-store.ts';

/** Reloads the billing info when it was loaded (or is loading) in this tab; otherwise the next screen loads it. */
export function onBillingUpdated(_payload: BillingUpdatedPayload): void {
  if (useBilling.getState().status !== 'idle') void loadBilling();
}
