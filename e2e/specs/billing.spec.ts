import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { VIEWPORTS, screenshot } from '../src/browser.ts';
import { signUpInBrowser } from '../src/journeys.ts';

/** Signs up a fresh local user through the sign-up dialog; returns the e-mail address. */
describe('billing journeys on local checkout', () => {
  const suite = appAndBrowser();

  it('chooses Token Run in the pricing modal, confirms the local checkout, cancels, reactivates, upgrades and downgrades with a confirmation', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Grace');

    await page.getByRole('link', { name: 'My Account' }).first().click();
    await page.waitForURL('**/account');
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText('You have no plan yet.').waitFor();
    await plan.getByRole('button', { name: 'Choose a Plan' }).click();

    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByText('To monitor your portfolio with alerts, choose a plan:').waitFor();
    await expect(modal.getByRole('button', { name: /^Choose / }).allTextContents()).resolves.toEqual([
      'Choose Coinpace',
      'Choose Token Run',
      'Choose Moon Race',
    ]);
    await modal.getByText('Most Popular').waitFor();
    await modal
      .getByText('All plans are billed monthly. You can upgrade, downgrade, or cancel anytime.')
      .waitFor();
    await screenshot(page, 'billing-pricing-modal');
    await modal.getByRole('button', { name: 'Choose Token Run' }).click();

    await page.waitForURL('**/billing/local-checkout/**');
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await page.getByText('$14.99 / month').waitFor();
    await screenshot(page, 'billing-local-checkout');
    await page.getByRole('button', { name: 'Confirm and pay $14.99' }).click();

    await page.getByText('Plan upgraded to: Token Run').waitFor();
    await page.waitForURL((url) => url.pathname === '/account' && !url.searchParams.has('session_id'));
    await plan.getByText('Token Run', { exact: true }).first().waitFor();
    await plan.getByRole('button', { name: 'Upgrade' }).waitFor();
    await screenshot(page, 'billing-account-token-run');

    await plan.getByRole('button', { name: 'Cancel Plan' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your plan?' })
      .getByRole('button', { name: 'Cancel Plan' })
      .click();
    await plan.getByText('Access until').waitFor();
    await plan.getByRole('button', { name: 'Reactivate Plan' }).click();
    await plan.getByRole('button', { name: 'Cancel Plan' }).waitFor();
    await expect(plan.getByText('Access until').count()).resolves.toBe(0);

    // Every plan on the account screen; Upgrade asks first with the price charged now,
    // then the top plan offers the way down, again with a confirmation.
    const choice = (name: string) =>
      plan.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await choice('Token Run').getByText('Current plan').waitFor();
    await choice('Coinpace').getByRole('button', { name: 'Downgrade' }).waitFor();
    await choice('Moon Race').getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Moon Race?' });
    await upgrade.getByText('Charged now').waitFor();
    await upgrade.getByText('1,000 alerts a month (500 SMS, 500 e-mail)').waitFor();
    const due = await upgrade.getByTestId('amount-due-now').textContent();
    expect(due).toMatch(/^\$3[45]\.\d\d$/); // $49.99 - $14.99 for (almost) the whole month
    await screenshot(page, 'billing-plan-upgrade-dialog', { fullPage: false });
    await upgrade.getByRole('button', { name: 'Confirm upgrade' }).click();
    await page.getByText('Your plan is now Moon Race.').waitFor();
    await choice('Moon Race').getByText('Current plan').waitFor();
    await expect(plan.getByRole('button', { name: 'Upgrade' }).count()).resolves.toBe(0);
    await screenshot(page, 'billing-plan-picker-1280');

    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'billing-plan-picker-390');
    await choice('Coinpace').getByRole('button', { name: 'Downgrade' }).click();
    const downgrade = page.getByRole('dialog', { name: 'Downgrade to Coinpace?' });
    await downgrade.getByText(/Nothing is charged now\./).waitFor();
    await expect(downgrade.getByTestId('amount-due-now').textContent()).resolves.toBe('$0.00');
    await screenshot(page, 'billing-plan-downgrade-dialog-390', { fullPage: false });
    await downgrade.getByRole('button', { name: 'Confirm downgrade' }).click();
    await page.getByText('Your plan is now Coinpace.').waitFor();
    await choice('Coinpace').getByText('Current plan').waitFor();
    await expect(plan.getByRole('button', { name: 'Upgrade' }).count()).resolves.toBe(2);
    await context.close();
  });

  it('saves a phone number in E.164 and refuses one without a country code', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Alan');
    await page.goto(`${suite.app.url}/account`);
    const form = page.getByRole('region', { name: 'Contact information' });
    await form.getByLabel('Phone number').fill('555-1234');
    await form.getByRole('button', { name: 'Save contact information' }).click();
    await form.getByText('Phone number must be in international form, e.g. +15551234567').waitFor();
    await form.getByLabel('Phone number').fill('+1 (555) 123-4567');
    await form.getByRole('button', { name: 'Save contact information' }).click();
    await form.getByText('Contact information saved.').waitFor();
    await expect(form.getByLabel('Phone number').inputValue()).resolves.toBe('+15551234567');
    await screenshot(page, 'billing-account-phone');
    await context.close();
  });

  it('downloads the data, then deletes the account after typing DELETE and the password, signs out and goes home', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    const email = await signUpInBrowser(page, suite.app, 'Ada');
    await page.goto(`${suite.app.url}/account`);
    const download = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Download your data' })
      .getByRole('button', { name: 'Download my data' })
      .click();
    expect((await download).suggestedFilename()).toMatch(/^coinpace-account-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByLabel('Your password').fill('a wrong password');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await dialog.getByText('Failed to delete account: That password is not correct.').waitFor();
    await dialog.getByLabel('Your password').fill('correct horse battery');
    await confirm.click();
    await dialog.getByText('Account deleted successfully. Signing out...').waitFor();
    await page.waitForURL(`${suite.app.url}/`);

    await page.goto(`${suite.app.url}/#sign-in`);
    const signIn = page.getByRole('dialog', { name: 'Sign in to Coinpace' });
    await signIn.getByLabel('E-mail address').fill(email);
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' }).waitFor();
    await context.close();
  });
});
