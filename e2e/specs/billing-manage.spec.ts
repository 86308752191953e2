import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { signUpInBrowser, subscribeByApi } from '../src/journeys.ts';

describe('managing billing on local checkout', () => {
  const suite = appAndBrowser();

  it('lists the paid invoice on the account screen and updates the card on the local billing page, at 390 px', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Ines');
    await subscribeByApi(page, suite.app.url);

    await page.goto(`${suite.app.url}/account`);
    const billing = page.getByRole('region', { name: 'Billing' });
    const rows = billing.getByRole('table', { name: 'Invoices' }).getByRole('row');
    await rows.nth(1).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/Coinpace\$\d+\.\d{2}Paid$/);
    // Nothing runs off the side of a phone screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(page, 'billing-invoices-390');

    const manage = billing.getByRole('button', { name: 'Manage payment method and invoices' });
    const [section, button] = await Promise.all([billing.boundingBox(), manage.boundingBox()]);
    expect(button!.x + button!.width).toBeLessThanOrEqual(section!.x + section!.width);
    await manage.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/billing/local-portal**');
    await page.getByRole('heading', { name: 'Payment method and invoices' }).waitFor();
    await page.getByText('No card on file.').waitFor();

    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.getByRole('alert').getByText('Card number is not valid', { exact: false }).waitFor();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.getByText('Visa ending in 4242, expires 12/30').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(page, 'billing-local-portal-390');

    await page.getByRole('link', { name: 'Back to My Account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await context.close();
  });
});
