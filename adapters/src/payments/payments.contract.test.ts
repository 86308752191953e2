import { runPaymentContract } from './contract.ts';
import { createLocalPaymentProvider } from './local.ts';
import { createMemoryLocalPaymentStore } from './local-memory-store.ts';
import { createStripeProvider } from './stripe.ts';
import { startFakeStripe } from './testing/fake-stripe.ts';

runPaymentContract({
  name: 'Stripe adapter against the fake Stripe server',
  async setup(start) {
    let clock = start;
    const fake = await startFakeStripe({ now: () => clock });
    const provider = createStripeProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      prices: fake.prices,
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    return {
      provider,
      pay: async (id) => void fake.completeCheckout(id),
      abandon: async (id) => void fake.expireCheckout(id),
      setNow: (date) => {
        clock = date;
      },
      close: () => fake.close(),
    };
  },
});

runPaymentContract({
  name: 'local provider',
  async setup(start) {
    let clock = start;
    const provider = createLocalPaymentProvider({
      store: createMemoryLocalPaymentStore(),
      now: () => clock,
    });
    return {
      provider,
      pay: async (id) => void (await provider.completeCheckout(id)),
      abandon: async (id) => void (await provider.cancelCheckout(id)),
      setNow: (date) => {
        clock = date;
      },
      close: async () => {},
    };
  },
});
