/**
 * A fired alert shows on whichever signed-in page is open, not only on the Alerts page: with the portfolio
 * open, the price crosses at a fake CoinGecko, the real poller and alert worker fire the alert, and the
 * portfolio page shows the toast and a count on the Alerts link, which the Alerts page clears.
 */
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { callApi, signUpInBrowser, startLiveApp, subscribeByApi, type LiveApp } from '../src/journeys.ts';

describe('alert firings on every signed-in page', () => {
  let live: LiveApp;
  let browser: Browser;
  beforeAll(async () => {
    [live, browser] = await Promise.all([startLiveApp({}, { bitcoin: 97_000 }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await live?.stop();
  });

  it('shows the toast and the Alerts count on the portfolio page, and the Alerts page clears the count', async () => {
    const { app, coingecko } = live;
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Ada');
    await subscribeByApi(page, app.url);
    await callApi(page, app.url, 'POST', '/api/alerts', {
      type: 'WatchlistPrice',
      coinId: 'bitcoin',
      coin: { name: 'Bitcoin', symbol: 'BTC' },
      thresholdType: 'Above',
      thresholdValue: 100_000,
      notificationMethod: 'Email',
    });
    await callApi(page, app.url, 'POST', '/api/portfolio', {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: 0.5,
      purchasePrice: 90_000,
    });
    await page.reload();
    await page.waitForURL('**/portfolio');
    await page.getByRole('link', { name: 'Alerts', exact: true }).first().waitFor();
    // The socket is connected (the summary's 'Live' chip): a firing from now on reaches this page.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });

    // The price crosses: the poller, the alert worker and the socket layer do the rest.
    coingecko.setPrice('bitcoin', 101_000);
    await page
      .getByRole('status')
      .filter({ hasText: 'BTC alert fired at $101,000.00' })
      .waitFor({ timeout: 45_000 });
    const counted = page.getByRole('link', { name: 'Alerts, 1 new' });
    await counted.first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/portfolio');
    await expect(counted.first().textContent()).resolves.toBe('Alerts1');
    await screenshot(page, 'alert-toast-portfolio', { fullPage: false });

    // The Alerts page shows the firing: the count goes.
    await counted.first().click();
    await page.waitForURL('**/alerts');
    await page.getByRole('link', { name: 'Alerts', exact: true }).first().waitFor();
    await expect(page.getByRole('link', { name: /new$/ }).count()).resolves.toBe(0);
    await context.close();
  });
});
