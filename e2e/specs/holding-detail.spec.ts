import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';

/** Adds `quantity` Litecoin at `price` through the Add Coin dialog. */
async function addLitecoin(page: Page, quantity: string, price: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a Coin' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Coin' });
  await modal.getByLabel('Search for a coin').fill('lite');
  await modal
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Litecoin/ })
    .click();
  await modal.getByLabel('Quantity').fill(quantity);
  await modal.getByLabel(/Purchase Price/).fill(price);
  await modal.getByRole('button', { name: 'Add Coin' }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** Opens LTC's detail view from its row menu and waits for its transactions. */
async function openLitecoinDetail(page: Page) {
  const row = page.locator('tr[data-holding="LTC"]');
  await row.waitFor();
  await row.getByRole('button', { name: 'Actions for LTC' }).click();
  await page.getByRole('menuitem', { name: 'Transactions' }).click();
  const detail = page.getByRole('dialog', { name: /LTC/ });
  await detail.getByRole('cell', { name: 'Buy' }).first().waitFor();
  return { row, detail };
}

/** Records a transaction through the detail view's form and waits for the form to close. */
async function addTransaction(detail: Locator, type: 'buy' | 'sell', quantity: string, price: string) {
  await detail.getByRole('button', { name: 'Add transaction' }).click();
  if (type === 'sell') await detail.getByLabel('Type').selectOption('sell');
  await detail.getByLabel('Quantity').fill(quantity);
  await detail.getByLabel('Price per coin (USD)').fill(price);
  await detail.getByRole('button', { name: 'Add transaction' }).click();
  await detail.getByRole('form').waitFor({ state: 'detached' });
}

/** The value shown under a figure's label in the detail view. */
const figure = (page: Page, label: string) =>
  page
    .locator('.hd-figure', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .textContent();

describe('holding detail view', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    // Polls every 500 ms.
    [app, browser] = await Promise.all([
      startApp({ PRICE_SOURCE: 'simulated', PRICE_POLL_MS: '500' }, { migrated: true }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a buy and a sell and shows the sale realised gain, on a desktop and a phone', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Ada');
    await addLitecoin(page, '2', '100');
    const { row, detail } = await openLitecoinDetail(page);

    // A second buy: 2 more at 200, so the average cost is 150.
    await addTransaction(detail, 'buy', '2', '200');
    await expect.poll(() => figure(page, 'Quantity')).toBe('4.000000');
    await expect.poll(() => figure(page, 'Average cost')).toBe('$150.00');

    // A sale of 1 at 400: 250 gained over the average cost, 300 over the oldest coin (FIFO).
    await addTransaction(detail, 'sell', '1', '400');
    await expect.poll(() => figure(page, 'Realised gain/loss')).toBe('$250.00');
    await expect(detail.locator('tr[data-transaction="sell"]').textContent()).resolves.toContain('$250.00');
    await detail.getByRole('button', { name: 'FIFO' }).click();
    await expect.poll(() => figure(page, 'Realised gain/loss')).toBe('$300.00');

    // Selling more than is held is refused with the server's message.
    await detail.getByRole('button', { name: 'Add transaction' }).click();
    await detail.getByLabel('Type').selectOption('sell');
    await detail.getByLabel('Quantity').fill('50');
    await detail.getByLabel('Price per coin (USD)').fill('400');
    await detail.getByRole('button', { name: 'Add transaction' }).click();
    await detail.getByRole('alert').waitFor();
    await screenshot(page, 'holding-detail-desktop', { fullPage: false });
    const desktopBody = detail.locator('.dialog-body');
    await expect(desktopBody.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(
      0,
    );
    await detail.getByRole('button', { name: 'Cancel' }).click();

    // The row shows what the server derived: 3 coins left.
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row.locator('[data-label="Quantity"]').textContent()).toBe('3.000000');

    // A phone, dark: the view fits in 390 px.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'LTC transactions and details' }).click();
    await detail.locator('tr[data-transaction="sell"]').waitFor();
    const overflow = await detail.locator('.dialog-body').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'holding-detail-phone-dark', { fullPage: false });
    await context.close();
  });

  it('shows the realised gain of a sale in the dollars it was made in and in euros once chosen', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, app, 'Grace');
    await addLitecoin(page, '2', '100');
    const { detail } = await openLitecoinDetail(page);

    // A sale of 1 at 400 of coins that cost 100: 300 gained.
    await addTransaction(detail, 'sell', '1', '400');
    await expect.poll(() => figure(page, 'Realised gain/loss')).toBe('$300.00');
    await expect.poll(() => figure(page, 'Total invested')).toBe('$200.00');
    await detail.getByRole('button', { name: 'Close' }).click();

    // Euros (the simulated feed's rate is 0.92 per dollar).
    await page.getByRole('link', { name: 'My Account' }).first().click();
    await page.waitForURL('**/account');
    await page.getByLabel('Currency', { exact: true }).selectOption('eur');
    await page.getByText('Display currency saved.').waitFor();
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.getByRole('button', { name: 'LTC transactions and details' }).click();
    await detail.locator('tr[data-transaction="sell"]').waitFor();
    // Every currency's rate is read with each poll and held by the page: euros show at once.
    await expect.poll(() => figure(page, 'Realised gain/loss'), { timeout: 5_000 }).toBe('€276.00');
    expect(await figure(page, 'Total invested')).toBe('€184.00');
    // The sale itself stays as it was recorded, in dollars.
    await expect(detail.locator('tr[data-transaction="sell"]').textContent()).resolves.toContain('$400.00');
    await screenshot(page, 'holding-detail-euros', { fullPage: false });
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('[data-stat="realised"]').textContent()).toBe('€276.00');
    await context.close();
  });
});
