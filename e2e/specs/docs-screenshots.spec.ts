/**
 * The README's pictures of the portfolio and alerts screens and of the portfolio's performance chart,
 * taken from the demo price feed on every run so they show the screens as they are: written to
 * docs/images/ (committed) as well as e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowser } from '../src/suite.ts';
import { callApi, signUpInBrowser, subscribeByApi } from '../src/journeys.ts';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');

const HOLDINGS = [
  'Bitcoin, BTC, 0.42, 21000',
  'Ethereum, ETH, 3.5, 7000',
  'Solana, SOL, 40, 4000',
  'Chainlink, LINK, 150, 2100',
  'Cardano, ADA, 2500, 1000',
].join('\n');

const DAY = 86_400_000;

/** Coins moved in over the past two years (transfers count at the market price of their day). */
const PAST_DEPOSITS: { symbol: string; daysAgo: number; quantity: string }[] = [
  { symbol: 'BTC', daysAgo: 700, quantity: '0.2' },
  { symbol: 'ETH', daysAgo: 540, quantity: '2' },
  { symbol: 'SOL', daysAgo: 420, quantity: '25' },
  { symbol: 'BTC', daysAgo: 300, quantity: '0.1' },
  { symbol: 'LINK', daysAgo: 200, quantity: '100' },
  { symbol: 'ETH', daysAgo: 120, quantity: '1' },
];

async function save(page: Page, name: string): Promise<void> {
  await mkdir(IMAGES, { recursive: true });
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), fullPage: false });
}

describe('README screenshots', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('takes the portfolio and the alerts screens with demo data', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const url = suite.app.url;
    await signUpInBrowser(page, suite.app, 'Dana');

    await page.getByRole('button', { name: 'Bulk Import Portfolio' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Portfolio' });
    await modal.getByRole('tab', { name: 'Paste Wallet Data' }).click();
    await modal.getByLabel('Paste your wallet or exchange data').fill(HOLDINGS);
    await modal.getByRole('button', { name: 'Process Wallet Data' }).click();
    const pricing = page.getByRole('dialog', { name: 'Congratulations!' });
    await pricing.getByText('5 coin(s) added to your portfolio').waitFor();
    await pricing.getByRole('button', { name: 'Skip for now' }).click();
    await pricing.waitFor({ state: 'hidden' });
    const rows = page.getByRole('table').first().getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(6);
    await save(page, 'portfolio');

    await subscribeByApi(page, url);
    const alerts: unknown[] = [
      {
        type: 'WatchlistPrice',
        coinId: 'bitcoin',
        coin: { name: 'Bitcoin', symbol: 'BTC' },
        thresholdType: 'Above',
        thresholdValue: 150000,
        notificationMethod: 'Email',
      },
      {
        type: 'WatchlistPrice',
        coinId: 'ethereum',
        coin: { name: 'Ethereum', symbol: 'ETH' },
        thresholdType: 'Below',
        thresholdValue: 1500,
        notificationMethod: 'Both',
      },
      {
        type: 'PortfolioGainLoss',
        allCoins: true,
        thresholdType: 'Loss',
        thresholdValue: 15,
        notificationMethod: 'Email',
      },
    ];
    for (const body of alerts) await callApi(page, url, 'POST', '/api/alerts', body);
    await page.getByRole('link', { name: 'Alerts' }).first().click();
    await page.getByText('Above $150,000.00').first().waitFor();
    await save(page, 'alerts');

    // The performance chart over all time, once the demo feed's past is stored for the deposits' days.
    const holdings = (await callApi(page, url, 'GET', '/api/portfolio')) as { id: string; symbol: string }[];
    for (const deposit of PAST_DEPOSITS) {
      const holding = holdings.find((h) => h.symbol === deposit.symbol)!;
      await callApi(page, url, 'POST', `/api/portfolio/${holding.id}/transactions`, {
        type: 'transfer_in',
        at: new Date(Date.now() - deposit.daysAgo * DAY).toISOString(),
        quantity: deposit.quantity,
        pricePerCoin: '0',
      });
    }
    const performance = () =>
      callApi(page, url, 'GET', '/api/portfolio/performance?range=ALL') as Promise<{
        points: unknown[];
        unpriced: string[];
      }>;
    await expect
      .poll(
        async () => {
          const answer = await performance();
          return answer.unpriced.length === 0 && answer.points.length > 300;
        },
        { timeout: 240_000, interval: 3_000 },
      )
      .toBe(true);
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    const chart = page.getByRole('region', { name: 'Portfolio value' });
    await chart.getByRole('button', { name: 'All', exact: true }).click();
    await chart.getByTestId('performance-figures').waitFor();
    await chart.locator('.recharts-line-curve').first().waitFor();
    // The pointer off the chart, so the picture has no tooltip.
    await page.mouse.move(0, 0);
    await chart.locator('.recharts-tooltip-wrapper').first().waitFor({ state: 'hidden' });
    await mkdir(IMAGES, { recursive: true });
    await chart.screenshot({ path: path.join(IMAGES, 'performance.png') });
    await context.close();
  }, 420_000);
});
