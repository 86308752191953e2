/** Starts a fake CoinGecko and a CoinGecko adapter pointed at it, on a test clock; for this folder's tests. */
import { createCoinGeckoPriceSource } from '../coingecko.ts';
import { UNLIMITED_BUDGET } from '../user-budget.ts';
import type { CoinGeckoOptions } from '../coingecko-options.ts';
import { afterEach } from 'vitest';
import { createFakeCoinGecko, type FakeCoinGecko, type FakeCoinGeckoOptions } from './fake-coingecko.ts';
import { createRecordingLogger, createTestClock } from './test-clock.ts';

/**
 * A fake CoinGecko (on the test clock) and an adapter pointed at it, with a recording logger. The adapter
 * has loaded the fake's coin list already (unless `primeCoinList` is false), with its request forgotten
 * and the limiter's gap past, so tests of other calls count and time only those. The users' share of
 * the quota and the history share are unlimited unless `options` gives them (tests of a share give theirs).
 */
export async function startAdapterWithFake(
  options: Partial<CoinGeckoOptions> = {},
  fakeOptions: FakeCoinGeckoOptions = {},
  primeCoinList = true,
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
    userBudget: UNLIMITED_BUDGET,
    historyBudget: UNLIMITED_BUDGET,
    // No test reaches the internet: Binance is the fake's own unknown path unless a test gives its peer.
    binanceBaseUrl: `${url}/no-binance`,
    ...options,
  });
  if (primeCoinList) {
    await source.knownIds([]);
    clock.advance(options.minGapMs ?? 300);
    fake.clearRequests();
  }
  return { fake, url, clock, logger, source };
}

/** A valid contract address made from a number. */
export function addressOf(n: number): string {
  return '0x' + n.toString(16).padStart(40, '0');
}

/** Registers an afterEach that closes every fake started through the returned function (call at file level). */
export function fakeAdapterFixture() {
  const fakes: FakeCoinGecko[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });
  return async (...args: Parameters<typeof startAdapterWithFake>) => {
    const started = await startAdapterWithFake(...args);
    fakes.push(started.fake);
    return started;
  };
}
