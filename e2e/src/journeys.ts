/** Steps several browser journeys share. */
import { createFakeCoinGecko, waitFor, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import type { Locator, Page } from 'playwright-core';

/**
 * Signs up a fresh local account through the 'Join Coinpace' dialog and waits for the portfolio's
 * greeting. Returns the e-mail address used (unique per call).
 */
export async function signUpInBrowser(page: Page, url: string, firstName = 'Ada'): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await page.goto(`${url}/#sign-up`);
  const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
  await dialog.getByLabel('First name (optional)').fill(firstName);
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password').fill('correct horse battery');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: `Welcome back, ${firstName}!` }).waitFor();
  return email;
}

/** The app polling a fake CoinGecko on loopback every 500 ms. */
export interface LiveApp {
  app: RunningApp;
  coingecko: FakeCoinGecko;
  stop(): Promise<void>;
}

/** Starts a fake CoinGecko (prices set before the first poll, if any) and the app reading it. */
export async function startLiveApp(
  env: Record<string, string> = {},
  prices: Record<string, number> = {},
): Promise<LiveApp> {
  const coingecko = createFakeCoinGecko();
  for (const [coin, usd] of Object.entries(prices)) coingecko.setPrice(coin, usd);
  const { url } = await coingecko.start();
  const app = await startApp({
    PRICE_SOURCE: 'coingecko',
    COINGECKO_BASE_URL: url,
    PRICE_POLL_MS: '500',
    ...env,
  });
  return {
    app,
    coingecko,
    async stop() {
      await app.stop();
      await coingecko.close();
    },
  };
}

/** The session token the app keeps for a local account, for API calls the test makes as that user. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('coinpace.session') ?? '{}').token as string);
}

/** An authenticated JSON call to the app's API as the signed-in user of `page`; throws on a non-2xx. */
export async function callApi(page: Page, url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The Coinpace plan through the API (local checkout completed) and a phone number, without the UI. With
 * the app's `logs` (local mode: the log SMS transport prints each SMS) the phone is also confirmed with
 * the code printed there, as an `npm start` user would (alerts go only to a confirmed phone).
 */
export async function subscribeByApi(page: Page, url: string, logs?: string[]): Promise<void> {
  const { plans } = await callApi(page, url, 'GET', '/api/billing/plans');
  const basic = plans.find((p: { id: string }) => p.id === 'basic');
  const checkout = await callApi(page, url, 'POST', '/api/billing/create-checkout-session', {
    priceId: basic.priceId,
  });
  const sessionId = /local-checkout\/([^/?#]+)/.exec(checkout.url)![1]!;
  await callApi(page, url, 'POST', `/api/billing/local-checkout/${sessionId}/complete`);
  await callApi(page, url, 'POST', '/api/billing/payment-success', { sessionId });
  await callApi(page, url, 'PATCH', '/api/users/me', { phone: '+15557654321' });
  if (logs) await confirmPhoneFromLog(page, url, logs);
}

/** Asks for an SMS code and confirms it with the code the log SMS transport printed. */
export async function confirmPhoneFromLog(page: Page, url: string, logs: string[]): Promise<void> {
  const before = logs.length;
  await callApi(page, url, 'POST', '/api/users/me/verification', { channel: 'sms' });
  let code: string | undefined;
  await waitFor(
    () => {
      code = logs
        .slice(before)
        .map((line) => /Your Coinpace code is (\d{6})/.exec(line)?.[1])
        .find(Boolean);
      return code !== undefined;
    },
    { what: 'verification code in the log' },
  );
  await callApi(page, url, 'POST', '/api/users/me/verification/confirm', { channel: 'sms', code });
}

/**
 * Opens the Add Price Alert dialog from the Alerts page and fills a watch-list price alert on the coin
 * found by `search` (the result whose name matches `result`), its price in `currency` (the user's display
 * currency, 'USD' when not given); returns the dialog, ready to create.
 */
export async function fillWatchlistPriceAlert(
  page: Page,
  alert: { search: string; result: RegExp; condition: 'above' | 'below'; price: string; currency?: string },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Price Alert' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add Price Alert' });
  await modal.getByRole('tab', { name: 'Watch List' }).click();
  await modal.getByLabel('Search coins').fill(alert.search);
  await modal
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: alert.result })
    .first()
    .click();
  await modal.getByLabel('Condition').selectOption(alert.condition);
  await modal.getByLabel(`Price (${alert.currency ?? 'USD'})`).fill(alert.price);
  return modal;
}
