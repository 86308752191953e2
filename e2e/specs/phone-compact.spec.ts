/**
 * The phone layout is short: at 390 x 844 the portfolio summary is one line, each holding and each alert
 * a one-line row of at most 72 px that opens on a tap (or Enter on its button) to show the rest, the first
 * holding is on the first screen and twenty holdings make a page under 2,500 px.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { signUpInBrowser, subscribeByApi } from '../src/journeys.ts';
import { addHoldings, addLongNamedAlerts } from '../src/layout-data.ts';
import { appAndBrowser } from '../src/suite.ts';

const PHONE = { width: 390, height: 844 };
const ROW_MAX = 72;
const PAGE_MAX = 2_500;

/** The heights of the rows, each laid out (rows off screen may skip layout until scrolled to). */
async function rowHeights(rows: Locator): Promise<number[]> {
  const heights: number[] = [];
  for (const row of await rows.all()) {
    await row.scrollIntoViewIfNeeded();
    heights.push((await row.boundingBox())!.height);
  }
  return heights;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('phone layout: one-line rows', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('twenty holdings and twenty alerts: short rows, the first holding on the first screen', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Phoebe');
    await subscribeByApi(page, suite.app.url);
    await addHoldings(page, suite.app.url, 20);
    await addLongNamedAlerts(page, suite.app.url, 20);

    await page.goto(`${suite.app.url}/portfolio`);
    const rows = page.locator('tbody tr[data-holding]');
    await rows.nth(19).waitFor();
    await page.getByTestId('value-change').or(page.getByText('Not enough price history yet.')).waitFor();
    await screenshot(page, 'portfolio-phone-compact', { fullPage: false });
    await screenshot(page, 'portfolio-phone-compact-full');

    // The summary is one line, the first holding starts on the first screen.
    const summary = page.getByRole('region', { name: 'Portfolio summary' });
    expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(ROW_MAX);
    const first = (await rows.first().boundingBox())!;
    expect(first.y).toBeLessThan(PHONE.height);
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);

    // Every holding is one short row; the whole page is under 2,500 px.
    const heights = await rowHeights(rows);
    expect(heights).toHaveLength(20);
    expect(Math.max(...heights)).toBeLessThanOrEqual(ROW_MAX);
    expect(await pageHeight(page)).toBeLessThan(PAGE_MAX);

    // A row shows coin, value and 24h change; a tap on it shows the rest.
    const btc = page.locator('tr[data-holding="BTC"]');
    await btc.scrollIntoViewIfNeeded();
    await expect(btc.locator('[data-cell="balance"]').innerText()).resolves.toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect(btc.locator('[data-cell="change"]').isVisible()).resolves.toBe(true);
    await expect(btc.locator('[data-label="Quantity"]').isVisible()).resolves.toBe(false);
    await btc.locator('[data-cell="balance"]').tap();
    await btc.locator('[data-label="Quantity"]').waitFor();
    await expect(
      btc.getByRole('button', { name: 'Show BTC details' }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await expect(btc.getByRole('link', { name: 'Bitcoin' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'portfolio-phone-row-open', { fullPage: false });
    // From the keyboard: Enter on the row's button opens it too.
    const eth = page.locator('tr[data-holding="ETH"]');
    const ethButton = eth.getByRole('button', { name: 'Show ETH details' });
    await ethButton.focus();
    await page.keyboard.press('Enter');
    await expect(ethButton.getAttribute('aria-expanded')).resolves.toBe('true');
    await eth.locator('[data-label="Purchase Price"]').waitFor();

    // The summary's cards open from its one line.
    const details = summary.getByRole('button', { name: 'Summary details' });
    await expect(details.getAttribute('aria-expanded')).resolves.toBe('false');
    await details.tap();
    await summary.locator('[data-stat="gain-loss"]').waitFor();
    await expect(details.getAttribute('aria-expanded')).resolves.toBe('true');

    // The alerts page: the same one-line rows.
    await page.goto(`${suite.app.url}/alerts`);
    const alerts = page.locator('tbody tr[data-alert-id]');
    await alerts.nth(19).waitFor();
    await screenshot(page, 'alerts-phone-compact', { fullPage: false });
    const alertHeights = await rowHeights(alerts);
    expect(Math.max(...alertHeights)).toBeLessThanOrEqual(ROW_MAX);
    expect(await pageHeight(page)).toBeLessThan(PAGE_MAX);
    const firstAlert = (await alerts.first().boundingBox())!;
    await alerts.first().scrollIntoViewIfNeeded();
    const edit = alerts.first().getByRole('button', { name: /^Edit .* alert$/ });
    await expect(edit.isVisible()).resolves.toBe(false);
    await alerts.first().locator('.cell-condition').tap();
    await edit.waitFor();
    expect((await alerts.first().boundingBox())!.height).toBeGreaterThan(firstAlert.height);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).resolves.toBe(0);
    await screenshot(page, 'alerts-phone-row-open', { fullPage: false });
    await context.close();
  });
});
