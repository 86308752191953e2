/**
 * A user sets a portfolio-value alert with browser notifications, the price at a fake CoinGecko lifts the
 * portfolio past the amount, and the app's service worker shows the alert as a notification.
 *
 * How the message travels: headless Chromium here reaches no push service (no internet), so the page
 * cannot get a subscription from PushManager.subscribe. The browser's subscription is therefore one of the
 * local push service peer, registered through our own POST /api/push/subscriptions as the page would
 * register its own (the peer keeps the keys, as a browser vendor's service does). Everything up to the push
 * service is real: the poller, the alert worker, the outbox, the dispatcher and web-push, whose VAPID JWT
 * and aes128gcm payload the peer checks and decrypts. Only the last hop, push service to browser, is done by
 * the Chrome DevTools Protocol: each message the peer took is handed to the page's real service worker
 * (/push-sw.js) with ServiceWorker.deliverPushMessage, which fires its `push` event with that data, and the
 * test reads what the worker showed with registration.getNotifications().
 */
import {
  startPushServicePeer,
  waitFor,
  type FakeCoinGecko,
  type PushServicePeer,
} from '@coinpace/adapters/testing';
import type { RunningApp } from '@coinpace/server/testing';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { callApi, signUpInBrowser, startLiveApp, subscribeByApi, type LiveApp } from '../src/journeys.ts';

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** The notifications the page's service worker shows now. */
async function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

/**
 * The push service's last hop: every message the peer has taken and decrypted is delivered, once and in
 * order, to the service worker registered at `origin` through the DevTools Protocol.
 */
function relayPushMessages(cdp: CDPSession, peer: PushServicePeer, origin: string, registrationId: string) {
  let sent = 0;
  let failure: unknown;
  let running = true;
  const loop = (async () => {
    while (running) {
      while (sent < peer.messages.length) {
        const data = peer.messages[sent]!.payload;
        sent += 1;
        await cdp
          .send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })
          .catch((error: unknown) => (failure = error));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    get failure() {
      return failure;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe('browser push journey: portfolio value crosses -> the service worker shows it', () => {
  let app: RunningApp;
  let browser: Browser;
  let peer: PushServicePeer;
  let coingecko: FakeCoinGecko;
  let live: LiveApp;

  beforeAll(async () => {
    [peer, browser] = await Promise.all([startPushServicePeer(), launchBrowser()]);
    // The peer listens on 127.0.0.1 over http: the app may post there only with loopback allowed. With
    // DATABASE_URL (a database of the test run's own) the app uses it rather than embedded PGlite, whose
    // migrations may not finish within startApp's minute on a busy machine; the bundle of `npm run build`
    // (run before the e2e specs) starts without compiling the sources.
    live = await startLiveApp(
      {
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
      },
      { bitcoin: 100_000, ethereum: 3000 },
      { built: true },
    );
    ({ app, coingecko } = live);
  });
  afterAll(async () => {
    await browser?.close();
    await live?.stop();
    await peer?.close();
  });

  // A journey of several app round trips and two price polls: generous on a busy shared machine.
  it('shows the crossing as a notification from the real service worker', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.grantPermissions(['notifications'], { origin: app.url });
    const page = await context.newPage();
    await signUpInBrowser(page, { url: app.url, logs: app.logs });
    await subscribeByApi(page, app.url, app.logs);
    // Two bitcoin worth $200,000 at $100,000 each.
    await callApi(page, app.url, 'POST', '/api/portfolio', {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: 2,
      purchasePrice: 60_000,
    });

    // The page registers the app's service worker, as the account page's switch does before it subscribes.
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/push-sw.js');
      await navigator.serviceWorker.ready;
    });
    await waitFor(() => registrations.has(`${app.url}/`), { what: 'the service worker registration' });
    const relay = relayPushMessages(cdp, peer, app.url, registrations.get(`${app.url}/`)!);

    try {
      // The browser's subscription, at the local push service; the server confirms it with a first message.
      const subscription = peer.subscribe();
      const { destination } = await callApi(page, app.url, 'POST', '/api/push/subscriptions', subscription);
      expect(destination).toMatchObject({ kind: 'push', confirmed: true });
      await waitFor(
        async () => (await shownNotifications(page)).some((n) => n.body === 'Browser notifications are on.'),
        { what: 'the first message shown by the service worker', intervalMs: 200 },
      );

      // A portfolio-value alert through the Portfolio tab, by e-mail (an alert needs e-mail or SMS) and
      // browser notification.
      await page.goto(`${app.url}/alerts`);
      await page.getByRole('button', { name: 'Add Price Alert' }).first().click();
      const modal = page.getByRole('dialog', { name: 'Add Price Alert' });
      await modal.getByRole('tab', { name: 'Portfolio', exact: true }).click();
      await modal.getByLabel('Portfolio alert').selectOption('portfolio_value');
      await modal.getByLabel('Condition').selectOption('Above');
      await modal.getByLabel('Amount (USD)').fill('250000');
      await modal.getByRole('checkbox', { name: 'SMS' }).uncheck();
      await modal.getByRole('checkbox', { name: 'Browser notifications' }).check();
      await modal.getByRole('button', { name: 'Create Alert' }).click();
      await page.getByText('Successfully created 1 alert(s)!').waitFor();

      // $130,000 a bitcoin: the portfolio is worth $260,000, past $250,000.
      const before = peer.messages.length;
      coingecko.setPrice('bitcoin', 130_000);
      await waitFor(() => peer.messages.length > before, {
        what: 'the alert at the push service',
        timeoutMs: 30_000,
      });
      const pushed = JSON.parse(peer.messages[before]!.payload) as Shown & { url: string };
      expect(pushed.title).toBe('Coinpace alert');
      expect(pushed.body).toMatch(/250,000/);

      let alert: Shown | undefined;
      await waitFor(
        async () => {
          alert = (await shownNotifications(page)).find((n) => n.title === 'Coinpace alert');
          return alert !== undefined;
        },
        { what: 'the alert shown by the service worker', intervalMs: 200 },
      );
      expect(alert).toEqual({ title: pushed.title, body: pushed.body, tag: pushed.tag });
      expect(peer.messages.length).toBe(before + 1);
      expect(peer.refused).toEqual([]);
      expect(relay.failure).toBeUndefined();
      await screenshot(page, 'push-alert-fired');
    } finally {
      await relay.stop();
    }
  });
});
