/**
 * First paint, in Chromium: the landing page is drawn from the HTML before any script runs, pages
 * render before /api/config answers, the landing and legal pages do not download the charts, the
 * sign-in provider's UI, the sign-in forms or the alerts screen, and scripts arrive compressed.
 * Timings are for `npm run bench:firstpaint`, not for tests.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot, watchCspViolations } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';

/** Text only the code of these parts contains; none of it may reach a visitor's first load. */
const NOT_ON_PUBLIC_PAGES = {
  'the alerts screen': 'Add Price Alert',
  'the charts (recharts)': 'recharts-wrapper',
  "the sign-in provider's UI (Clerk)": 'ClerkProvider',
  'the sign-in forms': 'Please enter your e-mail address and password.',
};

/** Holds every /api/config request until `release` is called. */
function holdConfig(context: BrowserContext): { release(): void; held(): number } {
  const waiting: Route[] = [];
  let released = false;
  void context.route('**/api/config', (route) => {
    if (released) void route.continue();
    else waiting.push(route);
  });
  return {
    release() {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
    held: () => waiting.length,
  };
}

/** The scripts a page downloads, with their bodies and how they were encoded. */
function recordScripts(page: Page): { url: string; body: Promise<string>; encoding: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string>; encoding: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({
      url: response.url(),
      body: response.text(),
      encoding: response.allHeaders().then((h) => h['content-encoding'] ?? 'identity'),
    });
  });
  return scripts;
}

describe('first paint', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it.each(['desktop', 'phone'] as const)(
    'draws the landing page before /api/config answers, from brotli-compressed scripts (%s)',
    async (viewport) => {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
      const config = holdConfig(context);
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto(`${suite.app.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The heading is in the HTML already; the app is running once the theme toggle answers.
      const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ });
      await expect
        .poll(async () => {
          await toggle.click();
          return page.evaluate(() => document.documentElement.dataset.theme ?? null);
        })
        .not.toBeNull();
      expect(config.held()).toBeGreaterThan(0);
      await screenshot(page, `first-paint-landing-before-config-${viewport}`, { fullPage: false });
      config.release();
      await page.getByRole('region', { name: 'Live prices' }).locator('.ticker-item').first().waitFor();

      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        await expect(script.encoding, script.url).resolves.toBe('br');
      }
      await context.close();
    },
  );

  it('draws the landing page from the HTML before any script has run, but not for a signed-in user', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    const csp = watchCspViolations(page);
    await page.goto(`${suite.app.url}/`);
    const hero = page.getByRole('heading', { level: 1, name: 'Know what your crypto is worth' });
    await hero.waitFor();
    await page.getByRole('link', { name: 'Create your account' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading crypto prices...' }).waitFor();
    expect(csp).toEqual([]);

    // A returning local user is sent on to the portfolio once the app runs: no landing in between.
    await page.evaluate(() => localStorage.setItem('coinpace.session', '{"token":"t"}'));
    await page.reload();
    await page.locator('#root .topbar').waitFor();
    expect(await hero.count()).toBe(0);
    await context.close();
  });

  it('keeps the charts, the sign-in UI and forms and the alerts screen off the landing and legal pages', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${suite.app.url}/`);
    await page.getByRole('region', { name: 'Live prices' }).locator('.ticker-item').first().waitFor();
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('dialog', { name: 'Terms of Service' }).getByText('Last updated').waitFor();
    await page.goto(`${suite.app.url}/privacy-policy`);
    await page.getByRole('dialog', { name: 'Privacy Policy' }).getByText('Last updated').waitFor();
    await page.waitForLoadState('networkidle');

    const bodies = await Promise.all(scripts.map((s) => s.body));
    const found = Object.entries(NOT_ON_PUBLIC_PAGES)
      .filter(([, marker]) => bodies.some((body) => body.includes(marker)))
      .map(([part]) => part);
    expect(found).toEqual([]);
    await context.close();
  });

  it("shows a returning user's holdings before /api/config answers", async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Fay');
    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal.getByLabel('Paste your wallet or exchange data').fill('Bitcoin, BTC, 0.5, 48500');
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    await page
      .getByRole('dialog', { name: 'Congratulations!' })
      .getByRole('button', { name: 'Skip for now' })
      .click();
    await page.locator('tr[data-holding="BTC"]').waitFor();

    const config = holdConfig(context);
    await page.reload();
    await page.locator('tr[data-holding="BTC"]').waitFor();
    expect(config.held()).toBeGreaterThan(0);
    await screenshot(page, 'first-paint-portfolio-before-config-phone', { fullPage: false });
    config.release();
    await page.getByRole('heading', { name: 'Welcome back, Fay!' }).waitFor();
    await context.close();
  });
});
