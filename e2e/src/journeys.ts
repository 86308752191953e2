/** Steps several browser journeys share. */
import { createFakeCoinGecko, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import type { Page } from 'playwright-core';

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
