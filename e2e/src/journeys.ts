/** Steps several browser journeys share. */
import { createFakeCoinGecko, waitFor, type FakeCoinGecko, type SmtpPeer } from '@coinpace/adapters/testing';
import { signUpLinkCode } from '@coinpace/domain';
import { signUpCodeInLogs, startApp, type RunningApp, type StartAppOptions } from '@coinpace/server/testing';
import type { Locator, Page } from 'playwright-core';

/**
 * Where a test reads what the app e-mailed: the app's log lines (no SMTP_URL: the log mailer prints each
 * message), or the SMTP peer the app sends to.
 */
export type Inbox = { readonly url: string } & (
  { readonly logs: readonly string[] } | { readonly smtp: Pick<SmtpPeer, 'messages'> }
);

/**
 * Signs up a fresh local account through the 'Join Coinpace' dialog, opens the link e-mailed to it (from
 * `app`'s inbox) and confirms, as a person does, and waits for the portfolio's first-visit greeting
 * ('Welcome, Ada!'). Returns the e-mail address used (unique per call).
 */
export async function signUpInBrowser(page: Page, app: Inbox, firstName = 'Ada'): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await page.goto(`${app.url}/#sign-up`);
  const dialog = page.getByRole('dialog', { name: 'Join Coinpace' });
  await dialog.getByLabel('First name (optional)').fill(firstName);
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password').fill('correct horse battery');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await openSignUpLink(page, app, email);
  await page.getByRole('heading', { name: `Welcome, ${firstName}!` }).waitFor();
  return email;
}

/** Opens the sign-up link e-mailed to `email` and confirms it; the page goes on to the portfolio. */
export async function openSignUpLink(page: Page, app: Inbox, email: string): Promise<void> {
  const code = await signUpCodeIn(app, email);
  // The code, on this app's own origin: the link's origin is PUBLIC_URL, which tests leave unset.
  await page.goto(`${app.url}/confirm-email?code=${code}`);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL('**/portfolio');
}

/** The token of the sign-up link e-mailed to `email`, waiting for the e-mail to arrive. */
export async function signUpCodeIn(app: Inbox, email: string): Promise<string> {
  if ('logs' in app) return signUpCodeInLogs(app, email);
  let code: string | undefined;
  await waitFor(
    () => {
      const mail = app.smtp.messages.find(
        (m) => m.rcptTo.includes(email) && m.text && signUpLinkCode(m.text),
      );
      code = mail?.text ? signUpLinkCode(mail.text) : undefined;
      return code !== undefined;
    },
    { what: `the sign-up link to ${email}`, timeoutMs: 30_000 },
  );
  return code!;
}

/** The app polling a fake CoinGecko on loopback every 500 ms. */
export interface LiveApp {
  app: RunningApp;
  coingecko: FakeCoinGecko;
  stop(): Promise<void>;
}

/**
 * Starts a fake CoinGecko (prices set before the first poll, if any) and the app reading it (`options` as
 * for startApp: `{built: true}` runs the bundle of `npm run build`; the embedded database starts migrated
 * unless `{migrated: false}`).
 */
export async function startLiveApp(
  env: Record<string, string> = {},
  prices: Record<string, number> = {},
  options: StartAppOptions = {},
): Promise<LiveApp> {
  const coingecko = createFakeCoinGecko();
  for (const [coin, usd] of Object.entries(prices)) coingecko.setPrice(coin, usd);
  const { url } = await coingecko.start();
  const app = await startApp(
    {
      PRICE_SOURCE: 'coingecko',
      COINGECKO_BASE_URL: url,
      // No test reaches the internet: Binance's klines route is not on the CoinGecko peer (404).
      BINANCE_DATA_URL: url,
      PRICE_POLL_MS: '500',
      ...env,
    },
    { migrated: true, ...options },
  );
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
  await callApi(page, url, 'PATCH', '/api/users/me', { phone: aMobileNumber() });
  if (logs) await confirmPhoneFromLog(page, url, logs);
}

/**
 * A US number libphonenumber-js takes for a mobile (SMS codes go only to mobile numbers), one of its own per
 * call: a number is sent at most three codes an hour, whoever asks.
 */
export function aMobileNumber(): string {
  return `+1202555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
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
