import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { openSignUpLink } from '../src/journeys.ts';

const SITE_PASSWORD = 'visitor pass 42';

/** The events the page pushed to window.dataLayer. */
const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: { event: string; form?: string }[] }).dataLayer ?? []).map(
      (e) => `${e.event}${e.form ? `:${e.form}` : ''}`,
    ),
  );

describe('visitor journey behind the site password', () => {
  const suite = appAndBrowser({
    SITE_PASSWORD,
    PRICE_SOURCE: 'simulated',
    SUPPORT_EMAIL: 'help@coinpace.test',
  });

  describe.each(['desktop', 'phone'] as const)('on a %s viewport', (viewport) => {
    it('unlocks the site, reads the policies, joins the beta and sends a message', async () => {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `visitor-${viewport}-${step}`, { fullPage });

      // Password gate: submit disabled when blank, 'Invalid password' for a wrong one.
      await page.goto(`${suite.app.url}/`);
      await page.getByRole('heading', { name: 'Coinpace is password protected' }).waitFor();
      const enter = page.getByRole('button', { name: 'Enter' });
      await expect(enter.isDisabled()).resolves.toBe(true);
      await page.getByLabel('Site password').fill('not it');
      await expect(enter.isDisabled()).resolves.toBe(false);
      await enter.click();
      await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor();
      await shot('1-gate', false);
      await page.getByLabel('Site password').fill(SITE_PASSWORD);
      await enter.click();

      // Landing.
      // The gate's own h1 stays until the password is accepted: wait for the landing's.
      await page.getByRole('heading', { level: 1, name: /crypto/i }).waitFor();
      // The live ticker, filled once the site is unlocked and the socket connects.
      await page.getByRole('region', { name: 'Live prices' }).locator('.ticker-item').first().waitFor();
      await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
      await shot('2-landing');

      // Legal modals from the footer; closing goes back in history.
      await page.getByRole('link', { name: 'Terms of Service' }).click();
      await page.waitForURL('**/terms-of-service');
      const terms = page.getByRole('dialog', { name: 'Terms of Service' });
      await terms.getByText('deleted 14 days after registration').waitFor();
      await shot('3-terms', false);
      await terms.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(`${suite.app.url}/`);
      await terms.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL('**/privacy-policy');
      const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
      await privacy.getByText('deleted two years after you join').waitFor();
      await privacy.getByRole('cell', { name: 'Twilio' }).waitFor();
      await shot('4-privacy', false);
      await page.keyboard.press('Escape');
      await page.waitForURL(`${suite.app.url}/`);

      // Opened directly, /privacy closes to the home page; the password is still known in this tab.
      await page.goto(`${suite.app.url}/privacy`);
      await privacy.waitFor();
      await privacy.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(`${suite.app.url}/`);

      // Beta sign-up with every browser-side rule, then success.
      await page.getByRole('link', { name: 'Request beta access' }).click();
      await page.waitForURL('**/beta-sign-up');
      const counter = page.getByRole('status').filter({ hasText: 'spots remaining' });
      const before = Number((await counter.locator('strong').textContent()) ?? 'NaN');
      expect(before).toBeGreaterThan(0);
      const submit = page.getByRole('button', { name: 'Request beta access' });
      await submit.click();
      await page.getByText('Please enter your email address.').waitFor();
      await page.getByText('Please select your trading experience.').waitFor();
      await page.getByText('Please select your primary wallet.').waitFor();
      await page.getByLabel('Email address').fill('ada+beta@example.test');
      await submit.click();
      await page.getByText('Email addresses with + signs are not allowed.').waitFor();
      await page.getByLabel('Email address').fill('ada!@example.test');
      await submit.click();
      await page.getByText('Email contains invalid characters.').waitFor();
      await shot('5-beta-errors');
      await page.getByLabel('Email address').fill(`ada-${viewport}-${Date.now()}@example.test`);
      await page.getByLabel('Trading experience').selectOption('intermediate');
      await page.getByLabel('Primary wallet').selectOption('ledger');
      await submit.click();
      await page.getByText("You're on the list!").waitFor();
      await expect(counter.locator('strong').textContent()).resolves.toBe(String(before - 1));
      await shot('6-beta-done');
      await expect(dataLayerEvents(page)).resolves.toEqual(
        expect.arrayContaining(['form_submit:beta_signup', 'beta_signup_success']),
      );

      // Contact form in the footer: it loads as it scrolls near.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const contact = page.getByRole('form', { name: 'Contact us' });
      await contact.getByRole('button', { name: 'Send message' }).click();
      await contact.getByText('Please enter your name.').waitFor();
      await contact.getByLabel('Name').fill('Ada Lovelace');
      await contact.getByLabel('Email').fill('ada@example.test');
      await contact.getByLabel('Message').fill('Do alerts count per channel?');
      await contact.getByRole('button', { name: 'Send message' }).click();
      await contact.getByText("Thank you! Your message has been sent. We'll get back to you soon.").waitFor();
      await contact.scrollIntoViewIfNeeded();
      await shot('7-contact-sent');
      await expect(dataLayerEvents(page)).resolves.toEqual(
        expect.arrayContaining(['form_submit:contact', 'contact_success']),
      );
      await context.close();
    });
  });

  it('clears stored prices, portfolio data and key material at start-up', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cryptoPrices', '{"bitcoin":{"usd":64000}}');
      localStorage.setItem('portfolio', '[{"symbol":"BTC","quantity":2}]');
      localStorage.setItem('hotWallet', 'a'.repeat(64));
      localStorage.setItem('ui.sidebar', 'open');
    });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await page.getByRole('heading', { name: 'Coinpace is password protected' }).waitFor();
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(['ui.sidebar']);
    await context.close();
  });

  it('shows the wallets screen to a signed-in user, with how to add a wallet this browser lacks', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/`);
    await page.getByLabel('Site password').fill(SITE_PASSWORD);
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
    const email = `wallets-${Date.now()}@example.test`;
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    // The same tab keeps the site password (session storage) for the confirmation page's request.
    await openSignUpLink(page, suite.app, email);
    await expect(dataLayerEvents(page)).resolves.toContain('sign_up');

    await page.goto(`${suite.app.url}/wallets`);
    await page.getByRole('heading', { name: 'Wallets' }).waitFor();
    const options = page.locator('.wallet-option strong');
    await expect(options.allTextContents()).resolves.toEqual([
      'MetaMask',
      'WalletConnect',
      'Coinbase Wallet',
      'Trust Wallet',
      'Phantom',
      'Rainbow',
    ]);
    // Headless Chromium has no wallet extension: the option says how to add the address by hand.
    await page.getByRole('button', { name: /Phantom/ }).click();
    const notice = page.getByRole('dialog', { name: 'Phantom is not in this browser' });
    await notice.getByText(/copy its Solana or Ethereum address/).waitFor();
    await screenshot(page, 'visitor-desktop-8-wallets-coming-soon');
    await notice.getByRole('button', { name: 'Not now' }).click();
    await notice.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('maintenance mode', () => {
  const suite = appAndBrowser({ MAINTENANCE_MODE: '1', PRICE_SOURCE: 'simulated' });

  it.each(['desktop', 'phone'] as const)(
    'disables Sign Up and Sign In with a maintenance label (%s)',
    async (viewport) => {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      await page.goto(`${suite.app.url}/`);
      const signUp = page.getByRole('button', { name: 'Sign Up (maintenance)' });
      const signIn = page.getByRole('button', { name: 'Sign In (maintenance)' });
      await expect(signUp.isDisabled()).resolves.toBe(true);
      await expect(signIn.isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Sign Up' }).count()).resolves.toBe(0);
      await page
        .getByText('Sign-in and sign-up are paused while we do maintenance. Please try again later.')
        .waitFor();
      await screenshot(page, `maintenance-${viewport}-landing`);
      // Visitors can still reach the beta form.
      await page.getByRole('link', { name: 'Join the beta waitlist' }).click();
      await page.waitForURL('**/beta-sign-up');
      await context.close();
    },
  );
});
