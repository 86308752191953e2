/** Starts a fake CoinGecko and a CoinGecko adapter pointed at it, on a test clock; for this folder's tests. */
import { createCoinGeckoPriceSource, type CoinGeckoOptions } from '../coingecko.ts';
import { createFakeCoinGecko, type FakeCoinGeckoOptions } from './fake-coingecko.ts';
import { createRecordingLogger, createTestClock } from './test-clock.ts';

export async function startAdapterWithFake(
  options: Partial<CoinGeckoOptions> = {},
  fakeOptions: FakeCoinGeckoOptions = {},
) {
  const clock = createTestClock();
  const fake = createFakeCoinGecko({ now: clock.now, ...fakeOptions });
  const { url } = await fake.start();
  const logger = createRecordingLogger();
  const source = createCoinGeckoPriceSource({
    baseUrl: url,
    now: clock.now,
    sleep: clock.sleep,
    logger,
    ...options,
  });
  return { fake, url, clock, logger, source };
}

/** A valid contract address made from a number. */
export function addressOf(n: number): string {
  return '0x' + n.toString(16).padStart(40, '0');
}
