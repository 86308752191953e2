/**
 * The coins the simulated source knows by name (for search and markets), with base prices for its walk:
 * the ticker coins at their built-in prices, and a few common coins, in market-cap order.
 */
import { TICKER_COINS } from '@coinpace/domain';

/** A coin of the simulated catalogue. */
export interface SimulatedCoin {
  id: string;
  symbol: string;
  name: string;
  /** Price the walk starts from and drifts back to, USD. */
  baseUsd: number;
  /** Daily volatility of the walk (standard deviation of the log price per day). */
  dailyVol: number;
}

const CRYPTO_VOL = 0.04;
const STABLE_VOL = 0.0005;

const EXTRA: readonly SimulatedCoin[] = [
  { id: 'tether', symbol: 'USDT', name: 'Tether', baseUsd: 1, dailyVol: STABLE_VOL },
  { id: 'usd-coin', symbol: 'USDC', name: 'USDC', baseUsd: 1, dailyVol: STABLE_VOL },
  { id: 'dogecoin', symbol: 'DOGE', name: 'Dogecoin', baseUsd: 0.38, dailyVol: CRYPTO_VOL },
  { id: 'tron', symbol: 'TRX', name: 'TRON', baseUsd: 0.2, dailyVol: CRYPTO_VOL },
  { id: 'litecoin', symbol: 'LTC', name: 'Litecoin', baseUsd: 100, dailyVol: CRYPTO_VOL },
  { id: 'shiba-inu', symbol: 'SHIB', name: 'Shiba Inu', baseUsd: 0.000022, dailyVol: CRYPTO_VOL },
  { id: 'uniswap', symbol: 'UNI', name: 'Uniswap', baseUsd: 12, dailyVol: CRYPTO_VOL },
  { id: 'dai', symbol: 'DAI', name: 'Dai', baseUsd: 1, dailyVol: STABLE_VOL },
  { id: 'wrapped-bitcoin', symbol: 'WBTC', name: 'Wrapped Bitcoin', baseUsd: 97000, dailyVol: CRYPTO_VOL },
  { id: 'weth', symbol: 'WETH', name: 'WETH', baseUsd: 3400, dailyVol: CRYPTO_VOL },
  { id: 'aave', symbol: 'AAVE', name: 'Aave', baseUsd: 300, dailyVol: CRYPTO_VOL },
  { id: 'pepe', symbol: 'PEPE', name: 'Pepe', baseUsd: 0.000018, dailyVol: CRYPTO_VOL },
  { id: 'bitcoin-cash', symbol: 'BCH', name: 'Bitcoin Cash', baseUsd: 450, dailyVol: CRYPTO_VOL },
  { id: 'stellar', symbol: 'XLM', name: 'Stellar', baseUsd: 0.4, dailyVol: CRYPTO_VOL },
];

/** The catalogue, in market-cap order (roughly): the ticker coins first. */
export const SIMULATED_COINS: readonly SimulatedCoin[] = [
  ...TICKER_COINS.map((c) => ({
    id: c.coingeckoId,
    symbol: c.symbol,
    name: c.name,
    baseUsd: c.fallbackUsd,
    dailyVol: CRYPTO_VOL,
  })),
  ...EXTRA,
];

const BY_ID = new Map(SIMULATED_COINS.map((c) => [c.id, c]));

/** FNV-1a, 32 bits: a stable hash of a string. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The catalogue entry for an id, or a made-up one: a stable base price between 0.01 and 1,000 USD derived
 * from the id alone (the same in every run), a name from the id, and crypto volatility.
 */
export function simulatedCoin(id: string): SimulatedCoin {
  const known = BY_ID.get(id);
  if (known) return known;
  const exponent = -2 + (hashString(id) / 0xffffffff) * 5;
  const baseUsd = Number((10 ** exponent).toPrecision(4));
  const name = id.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const symbol =
    id
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 5)
      .toUpperCase() || 'COIN';
  return { id, symbol, name, baseUsd, dailyVol: CRYPTO_VOL };
}
