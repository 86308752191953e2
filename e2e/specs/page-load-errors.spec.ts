import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

/** The Alerts screen's own chunks (script and style sheet) in the build. */
const ALERTS_CHUNKS = '**/assets/AlertsPage-*';

describe('a page whose code cannot load', () => {
  const suite = appAndBrowser();

  it('keeps the shell, says so with a Retry, and shows the page once the network is back', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await signUpInBrowser(page, suite.app);
    const ticker = page.getByRole('region', { name: 'Live prices' });
    await ticker.locator('.ticker-price').first().filter({ hasText: '$' }).waitFor();
    const pricesShown = await ticker.locator('.ticker-price').allTextContents();

    await page.route(ALERTS_CHUNKS, (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL('**/alerts');
    const failure = page.getByRole('alert').filter({ hasText: 'This page could not load.' });
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain('Check your connection and try again.');
    // The shell stays: top bar links, the ticker, the account menu.
    await expect(page.getByRole('navigation', { name: 'Main' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Account menu' }).isVisible()).resolves.toBe(true);
    // The last data stays on screen: the ticker still shows the prices it had, not dashes.
    const pricesKept = await ticker.locator('.ticker-price').allTextContents();
    expect(pricesKept.length).toBe(pricesShown.length);
    expect(pricesKept.every((price) => price.includes('$'))).toBe(true);
    await screenshot(page, 'page-load-error-alerts');

    await page.unroute(ALERTS_CHUNKS);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Add Price Alert' }).first().waitFor();
    await expect(failure.count()).resolves.toBe(0);
    // The page's styles came with it: its style sheet is loaded, not left failed.
    await expect(
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
          .filter((link) => link.href.includes('AlertsPage-'))
          .map((link) => link.sheet !== null),
      ),
    ).resolves.toEqual([true]);
    expect(crashes).toEqual([]);
    await context.close();
  });

  it('does not unmount the app when the browser goes offline, and Retry works once it is back', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app);

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallets' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'This page could not load.' });
    await failure.waitFor();
    await expect(page.getByRole('link', { name: 'Portfolio' }).first().isVisible()).resolves.toBe(true);

    await context.setOffline(false);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor();
    await context.close();
  });

  it('reloads once when a new version has been deployed, and does not loop', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app);

    // The deploy: the server names another main script now, and this tab's Alerts chunk is gone.
    await page.route(ALERTS_CHUNKS, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.route(`${suite.app.url}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/\/assets\/index-[\w-]+\.js/, '/assets/index-next.js');
      await route.fulfill({ response, body: html });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL('**/alerts');
    await until(() => loads === 1, 'the reload');
    // After the reload the chunk is still missing: no second reload, the page offers a retry.
    await page.getByRole('alert').filter({ hasText: 'This page could not load.' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(loads).toBe(1);
    await expect(page.evaluate(() => sessionStorage.getItem('coinpace.reloadedForVersion'))).resolves.toBe(
      '/assets/index-next.js',
    );
    await context.close();
  });
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not seen within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
