/**
 * An exchange account from the Wallets screen: the Demo exchange connected with a label, key and secret,
 * its first sync seen running and finished, its holdings in the portfolio with the account as their
 * location (the location filter), and "Sync now".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

const LABEL = 'My demo account';

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
const accountTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { accountTexts: string[] }).accountTexts.splice(0));

/** The symbols of the portfolio table's rows, in order. */
const rows = (page: Page) =>
  page.locator('tr[data-holding]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-holding')));

describe('exchange accounts', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('connects the Demo exchange, shows the sync, its holdings by location, and syncs again', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Ada');
    // A coin entered by hand, to tell the locations apart.
    await page.getByRole('button', { name: 'Add a Coin' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Coin' });
    await modal.getByLabel('Search for a coin').fill('lite');
    await modal
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Litecoin/ })
      .click();
    await modal.getByLabel('Quantity').fill('3');
    await modal.getByLabel(/Purchase Price/).fill('80');
    await modal.getByRole('button', { name: 'Add Coin' }).click();
    await page.locator('tr[data-holding="LTC"]').waitFor();

    await page.getByRole('link', { name: 'Wallets' }).first().click();
    const section = page.getByRole('region', { name: 'Exchange accounts' });
    await section.getByText('No exchange accounts connected yet.').waitFor();
    await section.getByRole('button', { name: 'Connect an exchange' }).click();
    await section.getByLabel('Exchange').selectOption({ label: 'Demo exchange' });
    await section.getByLabel('Name').fill(LABEL);
    await section.getByLabel('API key').fill('e2e-demo-key');
    await section.getByLabel('API secret').fill('e2e-demo-secret');
    const tick = section.getByLabel(/This key is read-only/);
    if (await tick.count()) await tick.check();
    await watchAccountTexts(page);
    await section.getByRole('button', { name: 'Connect' }).click();
    await section.getByText(`${LABEL} connected. Its first sync is running.`).waitFor();

    const entry = section.getByRole('listitem', { name: `${LABEL}, Demo exchange` });
    await entry.getByText(/^Synced /).waitFor({ timeout: 30_000 });
    const shown = await accountTexts(page);
    expect(shown.some((text) => text.includes('Syncing'))).toBe(true);
    expect(shown.some((text) => text.includes('Not synced yet'))).toBe(false);
    await expect(entry.getByRole('button', { name: `Sync ${LABEL} now` }).isEnabled()).resolves.toBe(true);

    // The portfolio: the exchange's coins beside the one entered by hand, and the location filter.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.locator('tr[data-holding="BTC"]').waitFor();
    await expect
      .poll(() => rows(page).then((r) => [...r].sort()))
      .toEqual(['BTC', 'DOGE', 'ETH', 'LTC', 'SOL']);
    const location = page.getByLabel('Location', { exact: true });
    await location.selectOption({ label: LABEL });
    await expect.poll(() => rows(page).then((r) => [...r].sort())).toEqual(['BTC', 'DOGE', 'ETH', 'SOL']);
    await location.selectOption({ label: 'By hand' });
    await expect.poll(() => rows(page)).toEqual(['LTC']);
    await location.selectOption({ label: 'All locations' });
    await expect.poll(() => rows(page).then((r) => r.length)).toBe(5);

    // "Sync now": the button waits while the sync runs, and the account is synced again.
    await page.getByRole('link', { name: 'Wallets' }).first().click();
    await entry.getByText(/^Synced /).waitFor();
    await watchAccountTexts(page);
    await entry.getByRole('button', { name: `Sync ${LABEL} now` }).click();
    await expect.poll(async () => (await accountTexts(page)).some((t) => t.includes('Syncing'))).toBe(true);
    await entry.getByText(/^Synced /).waitFor({ timeout: 30_000 });
    await expect(entry.getByRole('button', { name: `Sync ${LABEL} now` }).isEnabled()).resolves.toBe(true);
    await context.close();
  });
});
