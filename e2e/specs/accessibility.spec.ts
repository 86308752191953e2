/**
 * axe-core on every page and main dialog, in the light and the dark theme: no
 * serious or critical violation. The findings of a run are written to e2e/artifacts/axe-report.json.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, findBlockingViolations, type AxeFinding } from '../src/axe.ts';
import { ARTIFACTS, VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';

const THEMES = ['light', 'dark'] as const;
const SITE_PASSWORD = 'axe pass 7';

/**
 * Checks the page as it is now in both themes (the app's own switch: `data-theme` on the root, and the
 * system preference to match), adding what axe finds to `findings`.
 */
async function checkBothThemes(page: Page, label: string, findings: AxeFinding[]): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    // Let transitions on colours finish before axe reads them.
    await page.waitForTimeout(250);
    findings.push(...(await findBlockingViolations(page, `${label} (${theme})`)));
  }
}

describe('accessibility: axe-core finds no serious or critical violation', () => {
  let app: RunningApp;
  let gated: RunningApp;
  let browser: Browser;
  const findings: AxeFinding[] = [];
  beforeAll(async () => {
    [app, gated, browser] = await Promise.all([
      startApp({ PRICE_SOURCE: 'simulated' }, { migrated: true }),
      startApp({ PRICE_SOURCE: 'simulated', SITE_PASSWORD }, { migrated: true }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await writeFile(path.join(ARTIFACTS, 'axe-report.json'), `${JSON.stringify(findings, null, 2)}\n`);
    await browser?.close();
    await Promise.all([app?.stop(), gated?.stop()]);
  });

  it.each(['desktop', 'phone'] as const)('on the public pages (%s)', async (viewport) => {
    const found: AxeFinding[] = [];
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    const check = (label: string) => checkBothThemes(page, `${viewport} ${label}`, found);

    await page.goto(`${gated.url}/`);
    await page.getByRole('heading', { name: 'Coinpace is password protected' }).waitFor();
    await check('site password gate');

    await page.goto(`${app.url}/`);
    await page.getByRole('region', { name: 'Live prices' }).locator('.ticker-item').first().waitFor();
    await check('landing');
    await page.goto(`${app.url}/#sign-in`);
    await page.getByRole('dialog', { name: 'Sign in to Coinpace' }).waitFor();
    await check('sign-in dialog');
    await page.goto(`${app.url}/#sign-up`);
    await page.getByRole('dialog', { name: 'Join Coinpace' }).waitFor();
    await check('sign-up dialog');
    await page.goto(`${app.url}/terms-of-service`);
    await page.getByRole('dialog', { name: 'Terms of Service' }).waitFor();
    await check('terms of service');
    await page.goto(`${app.url}/privacy-policy`);
    await page.getByRole('dialog', { name: 'Privacy Policy' }).waitFor();
    await check('privacy policy');
    await page.goto(`${app.url}/beta-sign-up`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('beta sign-up');
    await context.close();

    findings.push(...found);
    expect(found, describeFindings(found)).toEqual([]);
  });

  it.each(['desktop', 'phone'] as const)('on the signed-in pages and dialogs (%s)', async (viewport) => {
    const found: AxeFinding[] = [];
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    const check = (label: string) => checkBothThemes(page, `${viewport} ${label}`, found);

    await signUpInBrowser(page, app, 'Axel');
    await page.getByRole('heading', { name: 'Import Your Portfolio Holdings' }).waitFor();
    await check('portfolio, empty');

    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Portfolio' });
    await importDialog.getByRole('button', { name: 'Choose CSV File' }).waitFor();
    await check('import dialog, CSV tab');
    await importDialog.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await check('import dialog, paste tab');
    await importDialog
      .getByLabel('Paste your wallet or exchange data')
      .fill('Bitcoin, BTC, 0.5, 48500\nEthereum, ETH, 2, 6800\nSolana, SOL, 10, 1500\nBadcoin, BAD, 0, 0');
    await importDialog.getByRole('button', { name: 'Process Wallet Data' }).click();
    const pricing = page.getByRole('dialog', { name: 'Congratulations!' });
    await pricing.getByText('3 coin(s) added to your portfolio').waitFor();
    await check('pricing modal');

    await pricing.getByRole('button', { name: 'Choose Coinpace' }).click();
    await page.waitForURL('**/billing/local-checkout/**');
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await check('local checkout');
    await page.getByRole('button', { name: 'Confirm and pay $5.99' }).click();
    await page.getByText('Plan upgraded to: Coinpace').waitFor();
    await page.waitForURL((u) => u.pathname === '/account' && !u.searchParams.has('session_id'));
    await page.getByRole('region', { name: 'Your plan' }).waitFor();
    await check('account');
    await page.getByRole('button', { name: 'Upgrade' }).first().click();
    const change = page.getByRole('dialog', { name: 'Upgrade to Token Run?' });
    await change.getByText('Charged now').waitFor();
    await check('plan change dialog');
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'hidden' });

    await page.goto(`${app.url}/portfolio`);
    await page.locator('tr[data-holding="SOL"]').waitFor();
    await page.getByTestId('value-change').or(page.getByText('Not enough price history yet.')).waitFor();
    await check('portfolio with holdings and charts');
    await page.getByRole('button', { name: 'Add Coin', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Coin' }).waitFor();
    await check('add coin dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/wallets`);
    await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor();
    await check('wallets');
    await screenshot(page, `wallets-${viewport}-dark`, { fullPage: false });
    await page.getByRole('button', { name: /MetaMask/ }).click();
    await page.getByRole('dialog', { name: 'MetaMask is not in this browser' }).waitFor();
    await check('wallet add-by-hand dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/alerts`);
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor();
    await check('alerts');
    // Without a phone number, creation is blocked with a dialog that says so.
    await page.getByRole('button', { name: 'Add Price Alert' }).first().click();
    const blocked = page.getByRole('dialog', { name: 'Missing Required Information' });
    await blocked.waitFor();
    await check('missing-information dialog');
    await blocked.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${app.url}/account`);
    await page.getByLabel('Phone number').fill('+15557654321');
    await page.getByRole('button', { name: 'Save contact information' }).click();
    await page.getByText('Contact information saved.').waitFor();
    await page.goto(`${app.url}/alerts`);
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor();
    await page.getByRole('button', { name: 'Add Price Alert' }).first().click();
    await page.getByRole('dialog', { name: 'Add Price Alert' }).waitFor();
    await check('add alert dialog');
    await context.close();

    findings.push(...found);
    expect(found, describeFindings(found)).toEqual([]);
  });
});
