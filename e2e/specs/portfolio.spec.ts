import type { FakeCoinGecko } from '@coinpace/adapters/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import type { RunningApp } from '@coinpace/server/testing';
import { signUpInBrowser, startLiveApp, type LiveApp } from '../src/journeys.ts';

const CSV = [
  'Name,Symbol,Quantity,Balance ($)',
  'Bitcoin,BTC,0.5,"48,500.00"',
  'Ethereum,ETH,2.25,7650.00',
  'Cardano,ADA,3000,$2850',
  'Broken,XYZ,0,10',
  '',
].join('\n');

const PASTE = ['Bitcoin, BTC, 1, 50000', 'Solana, SOL, 10, 1500', 'Polkadot, DOT, 100, 700'].join('\n');

/** A new user has no plan, so the pricing modal opens after an import that added coins: skip it. */
async function skipPricingModal(page: Page, added: number): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Congratulations!' });
  await modal.getByText(`${added} coin(s) added to your portfolio`).waitFor();
  await modal.getByRole('button', { name: 'Skip for now' }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** The table's symbols in display order. */
const symbolsInTable = (page: Page) =>
  page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-holding')));

describe('portfolio journey', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('adds a coin found by search, priced, with the preview and SPEC.md validation', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');
    await page.getByRole('button', { name: 'Add a Coin' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Coin' });
    await modal.getByRole('button', { name: 'Add Coin' }).click();
    await modal.getByRole('alert').getByText('Please fill in all required fields').waitFor();

    await modal.getByLabel('Search for a coin').fill('lite');
    const result = modal
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Litecoin/ });
    await result.waitFor();
    await expect(result.textContent()).resolves.toMatch(/Litecoin LTC\$[\d,]+\.\d{2}[+-]\d+\.\d{2}%/);
    await result.click();
    await modal.getByLabel('Selected coin').getByText('Litecoin').waitFor();
    await modal.getByLabel('Quantity').fill('1250');
    await expect(modal.getByLabel('Quantity').inputValue()).resolves.toBe('1,250');
    await modal.getByLabel('Purchase Price per coin (USD)').fill('80');
    await expect(modal.getByLabel('Preview').textContent()).resolves.toContain('Total investment$100,000.00');
    await modal.getByRole('button', { name: 'Add Coin' }).click();
    await modal.waitFor({ state: 'detached' });

    const row = page.locator('tr[data-holding="LTC"]');
    await row.waitFor();
    await expect(row.locator('[data-cell="current-price"]').textContent()).resolves.toMatch(
      /^\$[\d,]+\.\d{2}$/,
    );
    await expect(
      page.getByRole('button', { name: 'Edit purchase price of LTC' }).textContent(),
    ).resolves.toBe('$80.00');
    await screenshot(page, 'portfolio-added-by-search');
    await context.close();
  });

  it('imports a CSV file and pasted text, edits a purchase price, sorts and deletes selected holdings', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');
    await page.getByRole('heading', { name: 'Import Your Portfolio Holdings' }).waitFor();

    // CSV: three rows added, the row holding nothing skipped with its reason.
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByLabel('CSV file').setInputFiles({
      name: 'exchange-export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    const summary = page.getByRole('status', { name: 'Import summary' });
    await summary.getByText('Import finished: 3 added, 1 skipped, 0 failed (4 rows read).').waitFor();
    await expect(summary.textContent()).resolves.toContain('Row 5, XYZ: nothing held (quantity 0)');
    await skipPricingModal(page, 3);
    await page.locator('tr[data-holding="ADA"]').waitFor();
    // Rows of one import were created together; the server lists them by symbol.
    await expect(symbolsInTable(page)).resolves.toEqual(['ADA', 'BTC', 'ETH']);
    // Purchase price from value / quantity.
    await expect(
      page.getByRole('button', { name: 'Edit purchase price of BTC' }).textContent(),
    ).resolves.toBe('$97,000.00');
    await screenshot(page, 'portfolio-after-csv');

    // Paste: BTC is already held and skipped, two coins added.
    await page.getByRole('button', { name: 'Import Data' }).click();
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal.getByLabel('Paste your wallet or exchange data').fill(PASTE);
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    await summary.getByText('Import finished: 2 added, 1 skipped, 0 failed (3 rows read).').waitFor();
    await expect(summary.textContent()).resolves.toContain('BTC: Already in your portfolio');
    await skipPricingModal(page, 2);
    await page.locator('tr[data-holding="DOT"]').waitFor();
    await expect(symbolsInTable(page)).resolves.toEqual(['ADA', 'BTC', 'ETH', 'DOT', 'SOL']);

    // Inline purchase-price edit, kept after a reload.
    await page.getByRole('button', { name: 'Edit purchase price of ETH' }).click();
    const input = page.getByRole('textbox', { name: 'Purchase price of ETH per coin' });
    await input.fill('3150.5');
    await input.press('Enter');
    await expect(
      page.getByRole('button', { name: 'Edit purchase price of ETH' }).textContent(),
    ).resolves.toBe('$3,150.50');
    await page.reload();
    await page
      .getByRole('button', { name: 'Edit purchase price of ETH' })
      .filter({ hasText: '$3,150.50' })
      .waitFor();

    // Sorting: a new column starts descending, a second click flips it.
    await page.getByRole('button', { name: 'Sort by Quantity' }).click();
    await expect(symbolsInTable(page)).resolves.toEqual(['ADA', 'DOT', 'SOL', 'ETH', 'BTC']);
    await page.getByRole('button', { name: 'Sort by Quantity' }).click();
    await expect(symbolsInTable(page)).resolves.toEqual(['BTC', 'ETH', 'SOL', 'DOT', 'ADA']);

    // Edit mode: delete two selected holdings after confirming.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select SOL' }).check();
    await page.getByRole('checkbox', { name: 'Select DOT' }).check();
    await page.getByText('2 of 5 selected').waitFor();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 holdings?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator('tr[data-holding="SOL"]').waitFor({ state: 'detached' });
    await expect(symbolsInTable(page)).resolves.toEqual(['BTC', 'ETH', 'ADA']);
    await screenshot(page, 'portfolio-after-delete');
    await page.reload();
    await page.locator('tr[data-holding="ADA"]').waitFor();
    await expect(symbolsInTable(page)).resolves.toEqual(['ADA', 'BTC', 'ETH']);
    await context.close();
  });
});

describe('portfolio on a phone and by keyboard', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  async function importPasted(page: Page, text: string, added: number): Promise<void> {
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal.getByLabel('Paste your wallet or exchange data').fill(text);
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    await skipPricingModal(page, added);
  }

  it('shows holdings as cards without sideways scrolling, sortable from the Sort by menu', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');
    await importPasted(page, PASTE, 3);
    await page.locator('tr[data-holding="DOT"]').waitFor();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Every figure of a holding is on screen, not behind a horizontal scroll.
    // Each holding is a one-line row (coin, value, 24h change); its button opens the rest.
    const row = page.locator('tr[data-holding="BTC"]');
    await row.scrollIntoViewIfNeeded();
    await expect(row.locator('[data-label="Quantity"]').isVisible()).resolves.toBe(false);
    await row.getByRole('button', { name: 'Show BTC details' }).click();
    for (const cell of await row.locator('td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    const balance = row.locator('[data-cell="balance"]');
    await expect(balance.innerText()).resolves.toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect(balance.evaluate((cell) => getComputedStyle(cell, '::before').content)).resolves.toBe(
      '"Balance"',
    );
    // The header is for screen readers only (its sorts are in the menu).
    const header = (await page.locator('table thead').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(1);

    await page
      .getByRole('combobox', { name: 'Sort by', exact: true })
      .selectOption({ label: 'Quantity (high to low)' });
    await expect(symbolsInTable(page)).resolves.toEqual(['DOT', 'SOL', 'BTC']);

    // Edit mode keeps the cards within the screen, the checkbox inside its card.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const checkbox = (await page.getByRole('checkbox', { name: 'Select SOL' }).boundingBox())!;
    const card = (await page.locator('tr[data-holding="SOL"]').boundingBox())!;
    expect(checkbox.x).toBeGreaterThanOrEqual(card.x);
    expect(checkbox.y).toBeGreaterThanOrEqual(card.y);
    await screenshot(page, 'portfolio-phone');
    await context.close();
  });

  it('is usable by keyboard: modal focus stays inside and returns, row menu and price edit', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');
    await importPasted(page, 'Bitcoin, BTC, 1, 50000', 1);
    await page.locator('tr[data-holding="BTC"]').waitFor();

    const addCoin = page.getByRole('button', { name: 'Add Coin', exact: true });
    await addCoin.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Add Coin' });
    await modal.waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect(
        page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('open') !== null),
      ).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Add Coin');

    // Row menu: open with Enter, move with arrows, Escape back to its button.
    await page.getByRole('button', { name: 'Actions for BTC' }).focus();
    await page.keyboard.press('Enter');
    // The menu opens on its first item, the holding's transactions, then Add Alert, Report Error.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Transactions');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Report Error');
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Actions for BTC',
    );

    // Purchase price: Enter edits, Enter saves, focus stays on the cell.
    await page.getByRole('button', { name: 'Edit purchase price of BTC' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('45000');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toMatch(
      /^Edit purchase price of BTC, /,
    );
    await page
      .getByRole('button', { name: 'Edit purchase price of BTC' })
      .filter({ hasText: '$45,000.00' })
      .waitFor();
    await context.close();
  });
});

describe('portfolio with live prices from a CoinGecko on loopback', () => {
  let live: LiveApp;
  let fake: FakeCoinGecko;
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [live, browser] = await Promise.all([startLiveApp(), launchBrowser()]);
    ({ app, coingecko: fake } = live);
  });
  afterAll(async () => {
    await browser?.close();
    await live?.stop();
  });

  // Runs before the rate-limit journey below: after its 429 the price source asks nothing for 120 s.
  it('prices a pasted token with a contract address outside the static table, at import and on load', async () => {
    const address = `0x${'7c'.repeat(20)}`;
    fake.setTokenPrice('ethereum', address, 2.5, 2);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Tokyo');
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal.getByLabel('Paste your wallet or exchange data').fill(`Zz Token, ZZT, 100, ${address}`);
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    await skipPricingModal(page, 1);
    const row = page.locator('tr[data-holding="ZZT"]');
    const price = row.locator('[data-cell="current-price"]');
    await expect.poll(() => price.textContent(), { timeout: 20_000 }).toBe('$2.50');
    await expect(row.locator('[data-cell="balance"]').textContent()).resolves.toBe('$250.00');
    await expect(row.getByRole('button', { name: 'Edit purchase price of ZZT' }).textContent()).resolves.toBe(
      '$2.50',
    );
    expect(fake.requestsTo('simple/token_price').map((r) => r.path)).toContain(
      '/simple/token_price/ethereum',
    );
    // A new load asks by address again (socket ticks are by CoinGecko id only).
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/prices/by-address'))
        asked.push(new URL(request.url()).searchParams.get('addresses')!);
    });
    await page.reload();
    await expect.poll(() => price.textContent(), { timeout: 20_000 }).toBe('$2.50');
    expect(asked).toEqual([address]);
    await context.close();
  });

  it('shows a price change without a reload, follows other tabs, and handles a rate limit on Refresh', async () => {
    fake.setPrice('ethereum', 3000, 1);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Grace');
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal
      .getByLabel('Paste your wallet or exchange data')
      .fill('Ethereum, ETH, 2, 5000\nBitcoin, BTC, 0.5, 40000');
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    await skipPricingModal(page, 2);
    const ethPrice = page.locator('tr[data-holding="ETH"] [data-cell="current-price"]');
    await expect.poll(() => ethPrice.textContent(), { timeout: 20_000 }).toBe('$3,000.00');
    await page.locator('.pf-badges').getByText('Live').waitFor();

    // Upstream moves; the poller's tick reaches the row over the socket, no reload.
    let reloaded = false;
    page.on('framenavigated', () => (reloaded = true));
    fake.setPrice('ethereum', 3456.78, -2.5);
    await expect.poll(() => ethPrice.textContent(), { timeout: 20_000 }).toBe('$3,456.78');
    const balance = page.locator('tr[data-holding="ETH"] [data-cell="balance"]');
    await expect(balance.textContent()).resolves.toBe('$6,913.56');
    await expect(page.locator('tr[data-holding="ETH"] td').nth(6).textContent()).resolves.toBe('-2.50%');
    expect(reloaded).toBe(false);
    await screenshot(page, 'portfolio-live-price');

    // A second tab of the same user follows a delete made in the first one.
    const other = await context.newPage();
    await other.goto(`${app.url}/portfolio`);
    await other.locator('tr[data-holding="BTC"]').waitFor();
    await page.getByRole('button', { name: 'Actions for BTC' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete holding?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await other.locator('tr[data-holding="BTC"]').waitFor({ state: 'detached', timeout: 20_000 });

    // Upstream rate limits a forced update: one banner naming the Refresh button, the paused indicator,
    // and no 'Live' chip beside it.
    fake.fail('simple/price', 429);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page
      .getByText('API rate limit reached. Please wait 2 minutes before trying "Refresh" again...')
      .waitFor();
    await expect(page.getByText(/rate limit/i).count()).resolves.toBe(1);
    await page.getByText('Auto-update paused').waitFor();
    await page.locator('.pf-badges').getByText('Cached prices').waitFor();
    await expect(page.locator('.pf-badges').getByText('Live').count()).resolves.toBe(0);
    fake.clearFailures();
    await context.close();
  });
});
