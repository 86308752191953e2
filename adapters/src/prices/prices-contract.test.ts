import { createCoinGeckoPriceSource } from './coingecko.ts';
import { describePriceSourceContract } from './contract.ts';
import { createSimulatedPriceSource } from './simulated.ts';
import { createFakeCoinGecko } from './testing/fake-coingecko.ts';
import { createTestClock } from './testing/test-clock.ts';
import { UNLIMITED_BUDGET } from './user-budget.ts';

describePriceSourceContract('CoinGecko adapter against the fake CoinGecko server', async () => {
  const fake = createFakeCoinGecko();
  const { url } = await fake.start();
  const clock = createTestClock(Date.now());
  return {
    source: createCoinGeckoPriceSource({
      baseUrl: url,
      now: clock.now,
      sleep: clock.sleep,
      historyBudget: UNLIMITED_BUDGET,
    }),
    close: () => fake.close(),
  };
});

describePriceSourceContract('simulated source', async () => {
  const clock = createTestClock(Date.now());
  return { source: createSimulatedPriceSource({ seed: 7, now: clock.now }), close: async () => {} };
});
