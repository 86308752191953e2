import type { FakeCoinGecko } from '@coinpace/adapters/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import { openSignUpLink, startLiveApp, type LiveApp } from '../src/journeys.ts';

/** The visible (first) copy of a ticker coin's price and change. */
const tickerPrice = (page: Page, symbol: string) =>
  page.locator('.ticker-list').first().locator(`[data-symbol="${symbol}"] .ticker-price`);
const tickerChange = (page: Page, symbol: string) =>
  page.locator('.ticker-list').first().locator(`[data-symbol="${symbol}"] .ticker-change`);

/** Waits until `read` gives something other than `before`, without reloading. */
async function waitForChange(read: () => Promise<string | null>, before: string | null, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await read();
    if (now !== before) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`value stayed ${before} for ${timeoutMs} ms`);
}

describe('live prices with the simulated source', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ PRICE_SOURCE: 'simulated', PRICE_POLL_MS: '500' }, { migrated: true }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the ticker on the landing page and in the dashboard moves without a reload, labelled simulated', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    const ticker = page.getByRole('region', { name: 'Live prices' });
    await ticker.getByText('Simulated prices').waitFor();
    await tickerPrice(page, 'BTC').waitFor();
    const symbols = await page.locator('.ticker-list').first().locator('.ticker-symbol').allTextContents();
    expect(symbols).toEqual(['BTC', 'ETH', 'XRP', 'BNB', 'SOL', 'ADA', 'LINK', 'AVAX', 'DOT', 'MATIC']);
    const before = await tickerPrice(page, 'BTC').textContent();
    expect(before).toMatch(/^\$\d{2,3},\d{3}\.\d{2}$/);
    await waitForChange(() => tickerPrice(page, 'BTC').textContent(), before);
    await screenshot(page, 'live-prices-landing-ticker');

    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
    const email = `ticker-${Date.now()}@example.test`;
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await openSignUpLink(page, app, email);
    await tickerPrice(page, 'ETH').waitFor();
    const eth = await tickerPrice(page, 'ETH').textContent();
    await waitForChange(() => tickerPrice(page, 'ETH').textContent(), eth);
    await screenshot(page, 'live-prices-dashboard-ticker');
    await context.close();
  });

  it('falls back to polling /api/prices when the socket cannot connect', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.route('**/socket.io/**', (route) => route.abort());
    const polled: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/prices?ids=')) polled.push(request.url());
    });
    await page.goto(`${app.url}/`);
    await page.getByText('Loading crypto prices...').waitFor();
    await tickerPrice(page, 'BTC').waitFor({ timeout: 20_000 });
    expect(polled.length).toBeGreaterThan(0);
    expect(decodeURIComponent(polled[0]!)).toContain('bitcoin');
    await screenshot(page, 'live-prices-polling-phone');
    await context.close();
  });
});

describe('live prices from a CoinGecko on loopback', () => {
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

  it('the ticker follows upstream prices without a reload, with up and down markers', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await tickerPrice(page, 'BTC').waitFor();
    expect(await page.getByText('Simulated prices').count()).toBe(0);

    fake.setPrice('bitcoin', 12345.67, 3.21);
    await expect.poll(() => tickerPrice(page, 'BTC').textContent(), { timeout: 20_000 }).toBe('$12,345.67');
    expect(await tickerChange(page, 'BTC').textContent()).toBe('▲up3.21%');

    fake.setPrice('bitcoin', 11000.5, -4.5);
    await expect.poll(() => tickerPrice(page, 'BTC').textContent(), { timeout: 10_000 }).toBe('$11,000.50');
    expect(await tickerChange(page, 'BTC').textContent()).toBe('▼down4.50%');
    await screenshot(page, 'live-prices-coingecko-ticker');
    await context.close();
  });
});
