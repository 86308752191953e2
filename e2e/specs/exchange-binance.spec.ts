/**
 * A Binance account from the Wallets screen, through ccxt against a local Binance-shaped peer (the server
 * pointed at it by EXCHANGE_URLS): a key that can trade is refused with the words to make a read-only
 * one; a read-only key connects, its first sync is seen running, and its holdings and trades appear in
 * the portfolio.
 */
import {
  seedAccount,
  startBinancePeer,
  type BinancePeer,
  type PeerAccount,
} from '@coinpace/adapters/testing';
import { EXCHANGE_KEY_MESSAGES } from '@coinpace/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

const LABEL = 'My Binance';

/** Every trade a buy, so the history never sells more than it holds. */
function account(options: { trade: boolean }): PeerAccount {
  const seeded = seedAccount({
    trades: 8,
    symbols: ['BTC/USDT', 'ETH/USDT'],
    permissions: { trade: options.trade, withdraw: false },
    balances: { BTC: '0.5', ETH: '2.25', USDT: '1000' },
    funding: {},
  });
  for (const trade of seeded.trades) trade.side = 'buy';
  return seeded;
}

/** Starts keeping every text the account's entry shows, so that a state shown briefly is not missed. */
async function watchAccountTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { accountTexts: string[] }).accountTexts = seen;
    const note = () => {
      document.querySelectorAll('.exchange-list li').forEach((item) => seen.push(item.textContent ?? ''));
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

describe('a Binance account through the exchange peer', () => {
  const readOnly = account({ trade: false });
  const trading = account({ trade: true });
  let peer: BinancePeer | undefined;
  const env: Record<string, string> = { PRICE_SOURCE: 'simulated' };
  // Registered before the app's hook, so the app starts pointed at the peer.
  beforeAll(async () => {
    peer = await startBinancePeer({ accounts: [readOnly, trading] });
    env['EXCHANGE_URLS'] = `binance=${peer.url}`;
  });
  afterAll(() => peer?.close());
  const suite = appAndBrowser(env);

  it('refuses a key that can trade, connects a read-only one and shows its holdings and trades', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');
    await page.getByRole('link', { name: 'Wallets' }).first().click();
    const section = page.getByRole('region', { name: 'Exchange accounts' });
    await section.getByRole('button', { name: 'Connect an exchange' }).click();
    await section.getByLabel('Exchange').selectOption({ label: 'Binance' });
    await section.getByLabel('Name').fill(LABEL);
    // Binance tells a key's permissions: no tick to vouch for it.
    await expect(section.getByLabel(/This key is read-only/).count()).resolves.toBe(0);

    await section.getByLabel('API key').fill(trading.apiKey);
    await section.getByLabel('API secret').fill(trading.secret);
    await section.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toBe(EXCHANGE_KEY_MESSAGES['not-read-only']);
    await section.getByText('No exchange accounts connected yet.').waitFor();

    await section.getByLabel('API key').fill(readOnly.apiKey);
    await section.getByLabel('API secret').fill(readOnly.secret);
    await watchAccountTexts(page);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText(`${LABEL} connected. Its first sync is running.`).waitFor();
    const entry = section.getByRole('listitem', { name: `${LABEL}, Binance` });
    await entry.getByText(/^Synced /).waitFor({ timeout: 60_000 });
    const shown = await page.evaluate(() => (window as unknown as { accountTexts: string[] }).accountTexts);
    expect(shown.some((text) => text.includes('Syncing'))).toBe(true);

    // The holdings the trades and deposits made, with the account as their location.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    const rows = () =>
      page
        .locator('tr[data-holding]')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-holding')).sort());
    await expect.poll(rows, { timeout: 15_000 }).toEqual(['BTC', 'ETH', 'USDT']);
    await page.getByLabel('Location', { exact: true }).selectOption({ label: LABEL });
    await expect.poll(rows).toEqual(['BTC', 'ETH', 'USDT']);

    // BTC's trades, each once: the buys on BTC/USDT.
    const row = page.locator('tr[data-holding="BTC"]');
    await row.getByRole('button', { name: 'Actions for BTC' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    const detail = page.getByRole('dialog', { name: /BTC/ });
    const buys = readOnly.trades.filter((t) => t.symbol === 'BTC/USDT').length;
    await expect
      .poll(() => detail.getByRole('cell', { name: 'Buy', exact: true }).count(), { timeout: 15_000 })
      .toBe(buys);
    await context.close();
  });
});
