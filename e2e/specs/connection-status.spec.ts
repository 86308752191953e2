import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { callApi, signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

/** The portfolio summary's status line: the connection status, or 'Auto-updating...' while live. */
const statusLine = (page: Page) => page.locator('.pf-status-line');
/** Whether the status line says `text`. */
const says = async (page: Page, text: string) =>
  ((await statusLine(page).textContent()) ?? '').includes(text);

async function until(page: Page, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not seen within 30 s`);
    await page.waitForTimeout(200);
  }
}

describe('the connection status on the portfolio', () => {
  const suite = appAndBrowser();

  it('tells offline and server unreachable apart, stacks no banners, and is live again after', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app);
    await callApi(page, suite.app.url, 'POST', '/api/portfolio', {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: 1,
      purchasePrice: 30000,
    });
    await page.reload();
    const btcRow = page.getByRole('row').filter({ hasText: 'BTC' }).first();
    await btcRow.waitFor();
    await until(page, "'Auto-updating'", () => says(page, 'Auto-updating'));
    const errorBanners = page.locator('.banner-error, .banner-warn');
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });

    // The browser goes offline: the status says so, with the prices' age; Refresh stacks no banners.
    await context.setOffline(true);
    await until(page, "'Offline'", () => says(page, 'Offline'));
    await expect(page.locator('.ticker-connection').textContent()).resolves.toMatch(
      /^Offline · Prices from (less than a minute|\d+ min) ago$/,
    );
    await expect(statusLine(page).textContent()).resolves.not.toContain('Auto-updating');
    await refresh.click();
    await page.waitForTimeout(1_000);
    await expect(errorBanners.count()).resolves.toBe(0);
    await expect(btcRow.isVisible()).resolves.toBe(true);
    await screenshot(page, 'connection-offline', { fullPage: false });

    // Online again, but the server does not answer (the API and the socket's requests fail).
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.route('**/socket.io/**', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);
    await until(page, "'Server unreachable'", () => says(page, 'Server unreachable'));
    await expect(page.locator('.ticker-connection').textContent()).resolves.toContain('Server unreachable');
    await refresh.click();
    await page.waitForTimeout(1_000);
    await expect(errorBanners.count()).resolves.toBe(0);
    await expect(page.getByText(/Failed to load portfolio data/).count()).resolves.toBe(0);
    await expect(btcRow.isVisible()).resolves.toBe(true);
    await screenshot(page, 'connection-server-unreachable', { fullPage: false });

    // The server answers again: live, and nothing left over.
    await page.unrouteAll();
    await until(page, "'Auto-updating'", () => says(page, 'Auto-updating'));
    await expect(page.locator('.ticker-connection').count()).resolves.toBe(0);
    await expect(errorBanners.count()).resolves.toBe(0);
    await context.close();
  });
});
