/**
 * Layout of the portfolio screen and its import dialog at 1280 px and on a 390 px phone:
 * one page scroll for the holdings, nothing of the import dialog cut off.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';

const COINS = [
  ['Bitcoin', 'BTC'],
  ['Ethereum', 'ETH'],
  ['Solana', 'SOL'],
  ['Cardano', 'ADA'],
  ['Chainlink', 'LINK'],
  ['Polkadot', 'DOT'],
  ['Litecoin', 'LTC'],
  ['Uniswap', 'UNI'],
  ['Avalanche', 'AVAX'],
  ['Stellar', 'XLM'],
  ['Cosmos', 'ATOM'],
  ['Aave', 'AAVE'],
  ['Algorand', 'ALGO'],
  ['Filecoin', 'FIL'],
] as const;
const PASTE = COINS.map(([name, symbol], i) => `${name}, ${symbol}, ${i + 1}, ${(i + 1) * 100}`).join('\n');

/** The element's box is inside the container's, and its text is not cut (no overflow of its own). */
async function expectFullyInside(element: Locator, container: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const outer = (await container.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(outer.x);
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  const cut = await element.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(cut).toBeLessThanOrEqual(0);
}

/** '$104,843.60', '$104K', '$1.2M' as a number. */
function parseUsd(text: string): number {
  const match = /^-?\$([\d,.]+)([KMB]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a dollar amount: ${text}`);
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[match[2] as '' | 'K' | 'M' | 'B'];
  return Number(match[1]!.replace(/,/g, '')) * scale;
}

async function importPasted(page: Page, text: string, added: number): Promise<void> {
  await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
  const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
  await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
  await modal.getByLabel('Paste your wallet or exchange data').fill(text);
  await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
  const pricing = page.getByRole('dialog', { name: 'Congratulations!' });
  await pricing.getByText(`${added} coin(s) added to your portfolio`).waitFor();
  await pricing.getByRole('button', { name: 'Skip for now' }).click();
  await pricing.waitFor({ state: 'hidden' });
}

describe('portfolio layout', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('on a phone, the import dialog shows the template and export-help links whole', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Pia');
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    const body = modal.locator('.dialog-body');
    await expectFullyInside(
      modal.getByRole('button', { name: 'Download template (portfolio-template.csv)' }),
      body,
    );
    await expectFullyInside(
      modal.getByRole('button', { name: 'How to export from your exchange or wallet' }),
      body,
    );
    await expect(body.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
    await screenshot(page, 'import-dialog-phone', { fullPage: false });

    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await expectFullyInside(modal.getByRole('button', { name: 'Process Wallet Data' }), body);
    await expectFullyInside(
      modal.getByRole('button', { name: 'How to copy from your exchange or wallet' }),
      body,
    );
    await screenshot(page, 'import-dialog-paste-phone', { fullPage: false });
    await modal.getByRole('button', { name: 'Close' }).click();

    // The import summary on a phone: a row holding nothing is skipped with its reason.
    await importPasted(page, `${PASTE}\nTether, USDT, 0, 0`, COINS.length);
    const summary = page.getByRole('status', { name: 'Import summary' });
    await summary
      .getByText(`Import finished: ${COINS.length} added, 1 skipped, 0 failed (15 rows read).`)
      .waitFor();
    await expect(summary.textContent()).resolves.toContain('USDT: nothing held (quantity 0)');
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-summary-phone', { fullPage: false });

    // The value chart on a phone: the real span, and no sideways scroll.
    const chart = page.getByRole('region', { name: 'Portfolio value' });
    await chart.getByTestId('value-change').waitFor();
    await expect(chart.getByTestId('value-change').textContent()).resolves.toMatch(/ over \d+ minutes?,/);
    await chart.scrollIntoViewIfNeeded();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).resolves.toBe(0);
    await screenshot(page, 'portfolio-value-chart-phone', { fullPage: false });
    await context.close();
  });

  it('at 1280 px, the import dialog fits and the holdings scroll with the page, not in a box of their own', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Pia');
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await expectFullyInside(
      modal.getByRole('button', { name: 'How to export from your exchange or wallet' }),
      modal.locator('.dialog-body'),
    );
    await screenshot(page, 'import-dialog-desktop', { fullPage: false });
    await modal.getByRole('button', { name: 'Close' }).click();

    await importPasted(page, PASTE, COINS.length);
    await page.locator('tr[data-holding="FIL"]').waitFor();
    const wrap = page.locator('.pf-table-wrap');
    // No inner vertical scroll: the box is as tall as its rows.
    await expect(wrap.evaluate((el) => el.scrollHeight - el.clientHeight)).resolves.toBeLessThanOrEqual(0);
    // The page scrolls, and at its end the last row is wholly on screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator('tbody tr').last();
    const box = (await last.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
    // The column headers stay in view under the top bar while the page scrolls.
    const header = (await page.locator('table thead').boundingBox())!;
    expect(header.y).toBeGreaterThanOrEqual(0);
    expect(header.y).toBeLessThan(box.y);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).resolves.toBe(0);
    await screenshot(page, 'portfolio-holdings-desktop', { fullPage: false });
    await screenshot(page, 'portfolio-holdings-desktop-full');

    // The value chart: the real span of the history in words, and a y-axis spanning at
    // least 5% of the value, so the simulated feed's small moves are drawn small.
    const change = page.getByTestId('value-change');
    await change.waitFor();
    const text = (await change.textContent())!;
    expect(text).toMatch(/ over \d+ (minute|minutes|hour|hours),/);
    const value = parseUsd(/ to (\$[\d,.]+)$/.exec(text)![1]!);
    // Recharts draws the tick labels in a layer of their own; the y-axis ones are the dollar amounts.
    const labels = await page
      .locator('.pf-chart-box')
      .first()
      .locator('.recharts-cartesian-axis-tick-value')
      .allTextContents();
    const ticks = labels.filter((label) => label.startsWith('$')).map(parseUsd);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeGreaterThanOrEqual(value * 0.05);
    await page.getByRole('region', { name: 'Portfolio value' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'portfolio-value-chart-desktop', { fullPage: false });
    await context.close();
  });
});
