/** The ticker coins with their built-in fallback prices (SPEC.md section 3, 'Static tables'). */

export interface TickerCoinDef {
  symbol: string;
  name: string;
  coingeckoId: string;
  /** Built-in fallback price in USD, served when no live data is reachable. */
  fallbackUsd: number;
  /** Built-in fallback 24h change in percent. */
  fallbackChangePct: number;
}

/** The ten ticker coins, in display order (SPEC.md section 2, 'Ticker bar'). */
export const TICKER_COINS: readonly TickerCoinDef[] = [
  { symbol: 'BTC', name: 'Bitcoin', coingeckoId: 'bitcoin', fallbackUsd: 97000, fallbackChangePct: 0 },
  { symbol: 'ETH', name: 'Ethereum', coingeckoId: 'ethereum', fallbackUsd: 3400, fallbackChangePct: 0 },
  { symbol: 'XRP', name: 'XRP', coingeckoId: 'ripple', fallbackUsd: 2.3, fallbackChangePct: 0 },
  { symbol: 'BNB', name: 'BNB', coingeckoId: 'binancecoin', fallbackUsd: 690, fallbackChangePct: 0 },
  { symbol: 'SOL', name: 'Solana', coingeckoId: 'solana', fallbackUsd: 190, fallbackChangePct: 0 },
  { symbol: 'ADA', name: 'Cardano', coingeckoId: 'cardano', fallbackUsd: 0.95, fallbackChangePct: 0 },
  { symbol: 'LINK', name: 'Chainlink', coingeckoId: 'chainlink', fallbackUsd: 21, fallbackChangePct: 0 },
  { symbol: 'AVAX', name: 'Avalanche', coingeckoId: 'avalanche-2', fallbackUsd: 36, fallbackChangePct: 0 },
  { symbol: 'DOT', name: 'Polkadot', coingeckoId: 'polkadot', fallbackUsd: 6.8, fallbackChangePct: 0 },
  { symbol: 'MATIC', name: 'Polygon', coingeckoId: 'matic-network', fallbackUsd: 0.45, fallbackChangePct: 0 },
];

export const TICKER_COIN_IDS: readonly string[] = TICKER_COINS.map((c) => c.coingeckoId);
