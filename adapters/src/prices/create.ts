/** Chooses the price source from configuration (DESIGN.md section 3, prices row; config `prices`). */
import type { Config } from '@coinpace/domain';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import type { CoinGeckoOptions } from './coingecko-options.ts';
import type { PriceSource } from './port.ts';
import { createSimulatedPriceSource } from './simulated.ts';

/** Process-level pieces the price source takes besides configuration. */
export interface PriceSourceDeps extends Omit<CoinGeckoOptions, 'baseUrl' | 'apiKey'> {
  /** Seed of the simulated walk. Default 1. */
  seed?: number;
}

/**
 * The CoinGecko source (with `prices.baseUrl` and `prices.apiKey`), or the simulated demo feed when
 * `prices.source` is 'simulated'. Create one per process and share it, so all calls share one limiter and lock.
 */
export function createPriceSource(prices: Config['prices'], deps: PriceSourceDeps = {}): PriceSource {
  if (prices.source === 'simulated') return createSimulatedPriceSource({ seed: deps.seed, now: deps.now });
  const { seed: _seed, ...options } = deps;
  return createCoinGeckoPriceSource({
    binanceBaseUrl: prices.binanceDataUrl,
    ...options,
    baseUrl: prices.baseUrl,
    apiKey: prices.apiKey,
  });
}
