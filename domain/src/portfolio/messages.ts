import type { Money } from '../format/currency.ts';
import { formatPortfolioPrice } from '../format/money.ts';

/**
 * Texts of the portfolio screen, verbatim from SPEC.md sections 2, 5 and 8 where it gives them. Where
 * SPEC.md shows only the opening of a text ('Server error while saving your portfolio...'), the
 * opening is kept and completed.
 */

/**
 * 'Welcome back, {first name or Crypto Trader}!'; on a user's first visit, 'Welcome, {name}!' (nobody
 * new is welcomed back).
 */
export function greeting(firstName: string | null | undefined, firstVisit = false): string {
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${firstName?.trim() || 'Crypto Trader'}!`;
}

export const PORTFOLIO_TEXTS = {
  subtitle: 'Track your portfolio and set up alerts',
  autoUpdating: 'Auto-updating every 5 minutes',
  autoUpdatePaused: 'Auto-update paused',
  loadingPrices: 'Loading prices...',
  loadingValue: 'Loading...',
  noPriceData: 'No price data',
  clickToAdd: 'Click to add',
  emptyTitle: 'Import Your Portfolio Holdings',
  upgradeButton: 'View Plans & Upgrade',
  rateLimitBanner: 'API Rate Limit Reached - Prices may not update for 2 minutes. Using cached prices.',
  /**
   * SPEC.md section 8 names the button 'Force Price Update'; the toolbar's button is 'Refresh' (SPEC.md
   * section 2), so the text names the button the user sees.
   */
  refreshRateLimited: 'API rate limit reached. Please wait 2 minutes before trying "Refresh" again...',
  refreshFailed: 'Failed to refresh prices. Please try again in a moment.',
  reportSent:
    'Error Report Sent! Thank you for reporting this issue. We will resolve it as soon as possible.',
  reportFailed: 'Failed to send error report. Please try again later or contact support directly.',
  fillAllFields: 'Please fill in all required fields',
  positiveNumbers: 'Please enter valid positive numbers for quantity and purchase price',
  unidentifiedCoin: 'Unable to identify coin. Please try searching again.',
  savedLocallyOnly: 'Portfolio updated locally (database save failed)',
  /** Loading the portfolio without a session token. */
  notAuthenticatedLoad: 'User not authenticated. Please refresh the page and try again.',
  /** Adding a coin without a session, or the server refused the token. */
  notAuthenticatedAdd: 'User not authenticated. Please sign in and try again.',
  notAuthenticatedSave: 'User not authenticated. Changes not saved.',
  notAuthenticatedDelete: 'User not authenticated. Cannot delete item(s).',
  /** Starting an import without a session: nothing is parsed or saved. */
  notAuthenticatedImport: 'User not authenticated or database not available. Please sign in and try again.',
  /** The session token went missing while an import was being saved (the rows are kept locally). */
  tokenUnavailable: 'Authentication token not available. Please refresh the page and sign in again.',
  saveServerError: 'Server error while saving your portfolio. Please try again in a few minutes.',
  saveAuthError: 'Authentication error while saving. Please sign in again and try again.',
  saveNetworkError: 'Network error while saving. Check your connection, wait a few minutes and try again.',
  saveRateLimited: 'Too many requests while saving your portfolio. Please wait a few minutes and try again.',
  saveUnknownError: 'Unknown error occurred while saving. Please try again.',
  walletImportComingSoon: 'Coming Soon: connect a wallet and import its tokens automatically.',
} as const;

/** SPEC.md section 8 error banners that carry a reason. */
export const portfolioError = {
  load: (msg: string) => `Failed to load portfolio data: ${msg}`,
  /** Loading again failed while holdings are on screen: they stay, and are not called 'failed to load'. */
  reload: (msg: string) =>
    `Could not update your portfolio: ${msg.replace(/\.$/, '')}. The holdings shown are from the last update.`,
  /** The server did not save the coin (POST /api/portfolio failed). */
  saveCoin: (reason: string) => `Failed to save coin to database: ${reason}`,
  /** Anything else that went wrong while adding a coin. */
  addCoin: (reason: string) => `Failed to add coin: ${reason}`,
  saveChanges: (msg: string) => `Failed to save changes to database: ${msg}`,
  deleteItem: (msg: string) => `Failed to delete item: ${msg}`,
  deleteSome: (msg: string) => `Failed to delete some items: ${msg}`,
  processPaste: (reason: string) => `Failed to process pasted data: ${reason}`,
  readCsv: (msg: string) => `Error reading CSV file: ${msg}`,
  saveCsv: (msg: string) => `Failed to save CSV data to database: ${msg}`,
};

/** The pricing modal's line after an import: '{n} coin(s) added to your portfolio' (SPEC.md section 2). */
export function coinsAddedText(count: number): string {
  return `${count} coin(s) added to your portfolio`;
}

/** 'n of m selected' of edit mode. */
export function selectionLabel(selected: number, total: number): string {
  return `${selected} of ${total} selected`;
}

/** The exchanges and wallets the export help covers (SPEC.md section 2; {host} is Bybit). */
export const EXPORT_SOURCES = [
  'Binance',
  'Coinbase',
  'Kraken',
  'KuCoin',
  'Bybit',
  'MetaMask',
  'Uniswap',
  'Ledger',
  'Trezor',
  'Phantom',
] as const;

/**
 * A decimal string as a quantity for a sentence: grouped, no trailing zeros, every digit kept
 * ('1500.50' -> '1,500.5', '0.000000010' -> '0.00000001').
 */
export function plainQuantity(decimal: string): string {
  const text = decimal.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

/**
 * What adding a coin already held did: 'Recorded a buy of 0.5 BTC. You now hold 1.5 BTC at an
 * average cost of $41,000.00.' Quantities are decimal strings, the average cost per coin in USD, shown in
 * `money`'s currency (the display currency at the latest rate, as the holding's figures are).
 */
export function recordedBuyNotice(
  symbol: string,
  bought: string,
  holding: string,
  averageCost: string,
  money: Pick<Money, 'price'> = { price: formatPortfolioPrice },
): string {
  const coin = symbol.toUpperCase();
  return `Recorded a buy of ${plainQuantity(bought)} ${coin}. You now hold ${plainQuantity(holding)} ${coin} at an average cost of ${money.price(Number(averageCost))}.`;
}

/** The search result line of a coin already held: 'Held: 1 BTC — adding records a buy'. */
export function heldCoinHint(symbol: string, quantity: string): string {
  return `Held: ${plainQuantity(quantity)} ${symbol.toUpperCase()} — adding records a buy`;
}
