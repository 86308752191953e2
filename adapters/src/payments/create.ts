import type { Config, LocalPaymentStore } from '@coinpace/domain';
import { createLocalPaymentProvider } from './local.ts';
import type { PaymentProvider } from './port.ts';
import { createStripeProvider } from './stripe.ts';

export interface PaymentProviderDeps {
  /** Where local checkout keeps sessions and subscriptions (the database in production). */
  localStore: LocalPaymentStore;
  /** Clock for the local provider; default the real one. */
  now?: () => Date;
}

/**
 * The payment port from config (DESIGN.md section 3): Stripe when STRIPE_SECRET_KEY and its companions are
 * set, the local checkout otherwise.
 */
export function createPaymentProvider(
  config: Config['payments'],
  deps: PaymentProviderDeps,
): PaymentProvider {
  if (config.mode === 'stripe') {
    return createStripeProvider({
      secretKey: config.secretKey,
      webhookSecret: config.webhookSecret,
      prices: config.prices,
      apiUrl: config.apiUrl,
    });
  }
  return createLocalPaymentProvider({ store: deps.localStore, now: deps.now });
}
