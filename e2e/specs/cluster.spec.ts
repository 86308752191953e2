/**
 * The production topology of `npm run cluster` (the built server as api,
 * two gateways, two pollers, two workers, behind nginx with the compose config) on the local Postgres
 * and Redis, reading a CoinGecko-shaped peer and sending mail to a local SMTP server. Two browsers come
 * from two client addresses (127.0.0.1 and ::1), which nginx's ip_hash sends to different gateways; both
 * get live prices, and an alert set in the browser is delivered by e-mail and shown live.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createFakeCoinGecko,
  startSmtpPeer,
  waitFor,
  type FakeCoinGecko,
  type SmtpPeer,
} from '@coinpace/adapters/testing';
import { startCluster, type Cluster } from '@coinpace/server/cluster';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { fillWatchlistPriceAlert, signUpInBrowser, subscribeByApi } from '../src/journeys.ts';

/** Waits, without reloading, until the ticker shows `price` for BTC. */
const btcShows = (page: Page, price: string) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('.ticker-list [data-symbol="BTC"] .ticker-price')?.textContent === expected,
    price,
    { timeout: 20_000 },
  );

describe('through npm run cluster: nginx, two gateways, two pollers, two workers', () => {
  let cluster: Cluster;
  let browser: Browser;
  let smtp: SmtpPeer;
  let coingecko: FakeCoinGecko;
  const logLines: string[] = [];

  /** Socket.IO connections open on a gateway, from its own /metrics. */
  const connectionsOn = async (name: string) => {
    const text = await (
      await fetch(`${cluster.processes.get(name)!.url}/metrics`, {
        headers: { authorization: `Bearer ${cluster.metricsToken}` },
      })
    ).text();
    return Number(/^coinpace_gateway_connections (\d+)$/m.exec(text)?.[1] ?? NaN);
  };

  beforeAll(async () => {
    coingecko = createFakeCoinGecko();
    coingecko.setPrice('bitcoin', 97000);
    coingecko.setPrice('ethereum', 3000);
    const [{ url: coingeckoUrl }, smtpPeer, chromium] = await Promise.all([
      coingecko.start(),
      startSmtpPeer(),
      launchBrowser(),
    ]);
    smtp = smtpPeer;
    browser = chromium;
    cluster = await startCluster({
      port: 0,
      // CI names its servers; elsewhere the local ones.
      postgresUrl: process.env.DATABASE_URL,
      redisUrl: process.env.REDIS_URL,
      env: {
        PRICE_SOURCE: 'coingecko',
        COINGECKO_BASE_URL: coingeckoUrl,
        // No test reaches the internet: Binance's klines route is not on the CoinGecko peer (404).
        BINANCE_DATA_URL: coingeckoUrl,
        PRICE_POLL_MS: '500',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Coinpace <alerts@coinpace.test>',
        CLERK_TELEMETRY_DISABLED: '1',
      },
      onLine: (name, line) => logLines.push(`[${name}] ${line}`),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    await Promise.all([smtp?.close(), coingecko?.close()]);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, 'cluster.log'), logLines.join('\n') + '\n');
  });

  it('sends browsers from two addresses to different gateways, and both get live prices', async () => {
    expect(cluster.ipv6Url, 'nginx listens on ::1 too').toBeDefined();
    expect([await connectionsOn('gateway-1'), await connectionsOn('gateway-2')]).toEqual([0, 0]);

    const first = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await first.goto(`${cluster.url}/`);
    await btcShows(first, '$97,000.00');
    await waitFor(async () => (await connectionsOn('gateway-1')) + (await connectionsOn('gateway-2')) === 1, {
      what: 'the first browser on a gateway',
      timeoutMs: 15_000,
      intervalMs: 200,
    });
    const firstGateway = (await connectionsOn('gateway-1')) === 1 ? 'gateway-1' : 'gateway-2';
    const otherGateway = firstGateway === 'gateway-1' ? 'gateway-2' : 'gateway-1';

    const second = await (await browser.newContext({ viewport: VIEWPORTS.phone })).newPage();
    await second.goto(`${cluster.ipv6Url}/`);
    await btcShows(second, '$97,000.00');
    await waitFor(async () => (await connectionsOn(otherGateway)) === 1, {
      what: `the second browser on ${otherGateway}`,
      timeoutMs: 15_000,
      intervalMs: 200,
    });
    expect(await connectionsOn(firstGateway)).toBe(1);

    // A move at CoinGecko: one poller polls, both gateways push it, neither page reloads.
    coingecko.setPrice('bitcoin', 98000);
    await Promise.all([btcShows(first, '$98,000.00'), btcShows(second, '$98,000.00')]);
    await screenshot(second, 'cluster-second-gateway-phone');
    await first.context().close();
    await second.context().close();
  });

  it('signs in, sets an alert in the browser, and the crossing is e-mailed and shown live', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const email = await signUpInBrowser(page, { url: cluster.url, smtp });
    await subscribeByApi(page, cluster.url);

    await page.goto(`${cluster.url}/alerts`);
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor();
    const modal = await fillWatchlistPriceAlert(page, {
      search: 'bitcoin',
      result: /BTC Bitcoin/,
      condition: 'above',
      price: '100000',
    });
    await modal.getByRole('button', { name: 'Create Alert' }).click();
    await page.getByText('Successfully created 1 alert(s)!').waitFor();
    const row = page.locator('tr', { hasText: 'BTC' });
    await row.getByTestId('lifecycle').getByText('Ready').waitFor();

    // A poller, a worker and a dispatcher of the cluster do the rest; the gateway tells the page.
    coingecko.setPrice('bitcoin', 101000);
    // The sign-up link went to the same inbox first.
    const alertMails = () => smtp.messages.filter((m) => m.subject?.startsWith('Coinpace alert'));
    await waitFor(() => alertMails().length >= 1, { timeoutMs: 30_000, what: 'the alert e-mail' });
    expect(alertMails()[0]).toMatchObject({
      rcptTo: [email],
      subject: 'Coinpace alert: BTC is above $100,000.00',
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'BTC alert fired at $101,000.00' })
      .waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'History' }).click();
    await page
      .getByRole('dialog', { name: 'Alert history' })
      .getByText(/BTC at \$101,000\.00: Delivered/)
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'cluster-alert-delivered', { fullPage: false });
    expect(alertMails()).toHaveLength(1);
    await context.close();
  });
});
