/**
 * Data for the layout specs, put in through the API as the signed-in user of a page: many holdings, many
 * alerts with long coin names, and transactions with long notes (the content that widens a layout).
 */
import type { Page } from 'playwright-core';
import { callApi } from './journeys.ts';

/** CoinGecko ids, symbols and names of the simulated feed's usual coins. */
export const COINS = [
  ['bitcoin', 'BTC', 'Bitcoin'],
  ['ethereum', 'ETH', 'Ethereum'],
  ['solana', 'SOL', 'Solana'],
  ['cardano', 'ADA', 'Cardano'],
  ['chainlink', 'LINK', 'Chainlink'],
  ['polkadot', 'DOT', 'Polkadot'],
  ['litecoin', 'LTC', 'Litecoin'],
  ['uniswap', 'UNI', 'Uniswap'],
  ['avalanche-2', 'AVAX', 'Avalanche'],
  ['stellar', 'XLM', 'Stellar'],
  ['cosmos', 'ATOM', 'Cosmos Hub'],
  ['aave', 'AAVE', 'Aave'],
  ['algorand', 'ALGO', 'Algorand'],
  ['filecoin', 'FIL', 'Filecoin'],
  ['ripple', 'XRP', 'XRP'],
  ['dogecoin', 'DOGE', 'Dogecoin'],
  ['tron', 'TRX', 'TRON'],
  ['near', 'NEAR', 'NEAR Protocol'],
  ['aptos', 'APT', 'Aptos'],
  ['arbitrum', 'ARB', 'Arbitrum'],
  ['optimism', 'OP', 'Optimism'],
  ['the-graph', 'GRT', 'The Graph'],
] as const;

/** Adds the first `count` coins of COINS as holdings; answers their ids by symbol. */
export async function addHoldings(page: Page, url: string, count: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [i, [coingeckoId, symbol, name]] of COINS.slice(0, count).entries()) {
    const row = await callApi(page, url, 'POST', '/api/portfolio', {
      coingeckoId,
      symbol,
      name,
      quantity: i + 1,
      purchasePrice: (i + 1) * 10,
    });
    ids.set(symbol, row.id as string);
  }
  return ids;
}

/** A note long enough to wrap a word a line in a narrow column. */
export const LONG_NOTE =
  'Bought on the exchange after the weekly review; moved to the hardware wallet two days later, ' +
  'fees paid from the savings account, see the spreadsheet for the exact receipts and tax lots';

/** Records `count` buys with long notes on a holding. */
export async function addNotedBuys(page: Page, url: string, holdingId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    await callApi(page, url, 'POST', `/api/portfolio/${holdingId}/transactions`, {
      type: 'buy',
      at: new Date(Date.now() - (i + 1) * 86_400_000).toISOString(),
      quantity: '1.5',
      pricePerCoin: '123456.78',
      fee: '12.5',
      note: `${i + 1}. ${LONG_NOTE}`,
    });
  }
}

/**
 * Sets `count` watch-list alerts, each on a coin with a long name (the names a wide Coin column grows
 * for). The user must be on a paid plan with a phone (subscribeByApi).
 */
export async function addLongNamedAlerts(page: Page, url: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const [coinId, symbol] = COINS[i % COINS.length]!;
    await callApi(page, url, 'POST', '/api/alerts', {
      type: 'WatchlistPrice',
      coinId,
      coin: { name: `Wrapped Liquid Staked ${symbol} Bridged Governance Token ${i + 1}`, symbol },
      thresholdType: i % 2 === 0 ? 'Above' : 'Below',
      thresholdValue: i % 2 === 0 ? 9876543 : 0.000123,
      notificationMethod: 'Both',
    });
  }
}

/**
 * Every table, open dialog and scroll box on the page (and the page itself) that is wider inside than
 * its box, as 'tag.class: scrollWidth > clientWidth' lines; empty when nothing scrolls sideways.
 */
export function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      found.push(`document: ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none') continue;
      const box = el.matches('table, dialog[open], .table-wrap, .dialog-body');
      const scroller = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (!box && !scroller) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`;
        found.push(`${name}: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return found;
  });
}
