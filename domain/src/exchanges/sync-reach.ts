/** The words the screens show for where a holding is and how far back an exchange's first sync reads. */

/** The location of the coins entered by hand. */
export const MANUAL_LOCATION_LABEL = 'By hand';

/**
 * How far back a first sync reads, in words, for the exchanges whose history is served only so far back
 * (shown on the account). The others (Binance, Kraken, the demo) are read from their first movement.
 * The spans follow the exchanges' trade-history endpoints (adapters' ccxt-windowed.ts).
 */
export const FIRST_SYNC_REACH: Readonly<Record<string, string>> = {
  kucoin:
    'KuCoin serves the trades of the last 12 months: older trades are not synced. Import KuCoin’s trade history export for them.',
  okx: 'OKX serves the trades of the last 3 months (older ones only as a file it prepares on request): older trades are not synced. Import OKX’s trade history export for them.',
  bybit:
    'Bybit serves the trades of the last 2 years: older trades are not synced. Import Bybit’s trade history export for them.',
};

/** The first sync's reach on `exchange` in words, or null when it reads the whole history. */
export function firstSyncReach(exchange: string): string | null {
  return Object.hasOwn(FIRST_SYNC_REACH, exchange) ? FIRST_SYNC_REACH[exchange]! : null;
}
