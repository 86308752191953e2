/**
 * A switch to a display currency nobody has used redraws every amount at once: the poller reads every
 * currency's rate with each poll and the browser holds them all from sign-in on, so no figure waits
 * for a poll (seconds to a minute) showing '—'.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '../src/browser.ts';
import { callApi, signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

/** Polls `read` until it returns true or `ms` pass; the bound is a behaviour (at once), not a benchmark. */
async function within(ms: number, read: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await read()) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const text = async (page: Page, selector: string) =>
  (await page.locator(selector).first().textContent()) ?? '';

describe('display currency switch', () => {
  // A 5 s poll, as in production: with rates read only for currencies in use, a first switch waited for it.
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated', PRICE_POLL_MS: '5000' });

  it('shows every figure in a never-used currency within a second of choosing it', async () => {
    const { app, browser } = suite;
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Yoko');
    await callApi(page, app.url, 'POST', '/api/portfolio', {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: 0.5,
      purchasePrice: 50_000,
    });
    // Two polls, so the rates are stored: the app has been up for a while, as in production.
    await page.waitForTimeout(6_000);
    await page.getByRole('link', { name: 'My Account' }).first().click();
    await page.waitForURL('**/account');
    await page.locator('.ticker-price').first().filter({ hasText: '$' }).waitFor();

    // Nobody has chosen yen in this app.
    await page.getByLabel('Currency', { exact: true }).selectOption('jpy');
    await page.getByText('Display currency saved.').waitFor();
    const tickerInYen = await within(1_000, async () => /^¥[\d,]+/.test(await text(page, '.ticker-price')));
    expect(tickerInYen, `ticker shows ${await text(page, '.ticker-price')}`).toBe(true);

    // The portfolio's figures, as soon as its holdings are there, are in yen too.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.locator('tr[data-holding="BTC"]').waitFor();
    const valueInYen = await within(1_000, async () =>
      /^¥[\d,]+$/.test(await text(page, '[data-stat="value"]')),
    );
    expect(valueInYen, `value shows ${await text(page, '[data-stat="value"]')}`).toBe(true);
    expect(await text(page, '[data-stat="gain-loss"]')).toMatch(/¥[\d,]+/);
    await context.close();
  });
});
