import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot, watchCspViolations } from '../src/browser.ts';
import { openSignUpLink } from '../src/journeys.ts';

describe('foundation journey on the embedded defaults', () => {
  // An empty data directory: the journey includes the app's first start, migrations and all.
  const suite = appAndBrowser({}, { migrated: false });

  it('a visitor signs up locally and sees the empty portfolio, stays signed in, and signs out', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    // The page's policy lets the whole journey run: no script, style, image,
    // fetch or socket of the app is blocked.
    const violations = watchCspViolations(page);
    const landing = await page.goto(`${suite.app.url}/`);
    expect(landing?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/crypto/i);

    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
    await dialog.getByText('Create your account to start tracking your crypto with live data').waitFor();
    await dialog.getByLabel('First name (optional)').fill('Ada');
    const email = `ada-${Date.now()}@example.test`;
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    // No account until the address is proved: the link e-mailed to it makes the account and signs in.
    await dialog.getByText(`We sent a link to ${email}`, { exact: false }).waitFor();
    await screenshot(page, 'foundation-sign-up-check-email');
    await openSignUpLink(page, suite.app, email);

    await page.waitForURL('**/portfolio');
    // A brand-new user is welcomed, not welcomed back; the next visit (a reload) is a return.
    await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
    await page.getByRole('heading', { name: 'Import Your Portfolio Holdings' }).waitFor();
    await screenshot(page, 'foundation-empty-portfolio-desktop');

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, Ada!' }).waitFor();

    await page.goto(`${suite.app.url}/no-such-page`);
    await page.waitForURL('**/portfolio');
    await page.goto(`${suite.app.url}/dashboard`);
    await page.waitForURL('**/portfolio');

    // The user menu from the keyboard: ArrowDown opens it on its first item, Escape closes it and
    // gives focus back to the button, Enter opens it again.
    const accountMenu = page.getByRole('button', { name: 'Account menu' });
    await accountMenu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('My Account');
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Sign out');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu').count()).resolves.toBe(0);
    await expect(accountMenu.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.url}/`);
    await page.goto(`${suite.app.url}/alerts`);
    await page.waitForURL(`${suite.app.url}/`);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('on a phone the menu lists the links (Wallets too) and closes on selection', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/#sign-up`);
    const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
    const email = `phone-${Date.now()}@example.test`;
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await openSignUpLink(page, suite.app, email);
    await page.getByRole('heading', { name: 'Welcome, Crypto Trader!' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-nav');
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual([
      'Portfolio',
      'Alerts',
      'Wallets',
      'My Account',
    ]);
    await screenshot(page, 'foundation-mobile-menu');
    await menu.getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL('**/alerts');
    await expect(menu.isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('refuses a wrong password with a clear message', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/#sign-in`);
    const dialog = page.getByRole('dialog', { name: 'Sign in to Coinpace' });
    await dialog.getByLabel('E-mail address').fill('nobody@example.test');
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' }).waitFor();
    await context.close();
  });
});
