/**
 * What a new user trips over on the alerts and portfolio
 * screens, on a laptop (1280 px) and a phone (390 px), with alerts fired for real by the poller and the
 * alert worker against a CoinGecko on loopback. Screenshots of each fixed screen go to e2e/artifacts.
 */
import type { FakeCoinGecko } from '@coinpace/adapters/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, launchBrowser, screenshot } from '../src/browser.ts';
import { callApi, signUpInBrowser, startLiveApp, subscribeByApi, type LiveApp } from '../src/journeys.ts';

/** How far the page scrolls sideways (0 when it fits the screen). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('What a new user trips over', () => {
  let live: LiveApp;
  let coingecko: FakeCoinGecko;
  let url: string;
  let browser: Browser;
  /** The signed-in, subscribed user of the alert journeys, kept for the phone view. */
  let alertsUser: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    [live, browser] = await Promise.all([
      // 'unlisted-coin-xyz': on CoinGecko's list (only listed coins may be held) with no price.
      startLiveApp({}, { bitcoin: 97000, ethereum: 3000, solana: 150, cardano: 0.5, 'unlisted-coin-xyz': 0 }),
      launchBrowser(),
    ]);
    ({ coingecko } = live);
    url = live.app.url;
  });
  afterAll(async () => {
    await browser?.close();
    await live?.stop();
  });

  it('alerts: what each channel has left, alerts already true, the fired table at 1280 px, history names, edit and delete', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, live.app, 'Nia');
    await subscribeByApi(page, url, live.app.logs);
    for (const [coingeckoId, symbol, quantity, purchasePrice] of [
      ['bitcoin', 'BTC', 1, 50000],
      ['ethereum', 'ETH', 2, 2500],
    ] as const) {
      await callApi(page, url, 'POST', '/api/portfolio', {
        coingeckoId,
        symbol,
        name: symbol,
        quantity,
        purchasePrice,
      });
    }

    // Item 2: BTC is up 94% since it was bought; a 'gains at least 5%' alert is already true.
    await page.goto(`${url}/alerts`);
    const usage = page.getByTestId('usage-channels');
    await usage.getByText('E-mail: 25/25 left').waitFor();
    await page.getByRole('button', { name: 'Add Price Alert' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Price Alert' });
    await modal.getByRole('checkbox', { name: /BTC/ }).check();
    await modal.getByLabel('Percentage').check();
    await modal.getByLabel('Percent', { exact: true }).fill('5');
    await modal
      .getByText(
        'BTC: already +94.00% from its purchase price of $50,000.00 (past +5%), so it fires at the next price update.',
      )
      .waitFor();
    await expect(modal.getByText(/from now/).count()).resolves.toBe(0);
    await modal
      .getByTestId('holds-now')
      .getByText(/will fire at the next price update/)
      .waitFor();
    await modal.getByRole('button', { name: 'Create and notify now' }).waitFor();
    await screenshot(page, 'new-user-alert-already-true-desktop', { fullPage: false });
    await modal.getByRole('button', { name: 'Cancel' }).click();

    // Item 1: 25 SMS-only alerts fire one price update after another and use up the SMS allowance
    // (alerts crossed by the same update would go out as one SMS); e-mail has all 25 left.
    for (let i = 0; i < 25; i++) {
      await callApi(page, url, 'POST', '/api/alerts', {
        type: 'WatchlistPrice',
        coinId: 'solana',
        coin: { name: 'Solana', symbol: 'SOL' },
        thresholdType: 'Above',
        thresholdValue: 200 + i,
        notificationMethod: 'SMS',
      });
    }
    const smsLeft = async () =>
      (await callApi(page, url, 'GET', '/api/alerts/user/stats')).notifications.sms.remaining;
    for (let i = 0; i < 25; i++) {
      coingecko.setPrice('solana', 200.5 + i);
      await expect.poll(smsLeft, { timeout: 15_000 }).toBe(24 - i);
    }
    coingecko.setPrice('solana', 250);
    await page.reload();
    await usage.getByText('SMS: 0/25 left').waitFor();
    const banner = page.locator('.usage-banner');
    await expect(banner.getAttribute('data-level')).resolves.toBe('warning');
    // One line per channel; only SMS says its limit is reached.
    await usage.locator('li', { hasText: 'SMS: 0/25 left' }).getByText('Limit reached').waitFor();
    await expect(usage.locator('li', { hasText: 'E-mail' }).getByText('Limit reached').count()).resolves.toBe(
      0,
    );
    await expect(banner.getByText('25/50', { exact: false }).count()).resolves.toBe(0);
    await banner.getByText(/No SMS alerts left\. Alerts go out by e-mail only/).waitFor();

    // An SMS-only alert now would send nothing: 'Alert Limit Reached', naming SMS.
    await page.getByRole('button', { name: 'Add Price Alert' }).click();
    await modal.getByRole('checkbox', { name: /ETH/ }).check();
    await modal.getByLabel('Price (USD)').fill('5000');
    await modal.getByText('Left this billing period: 25 e-mail, 0 SMS').waitFor();
    await modal.getByLabel('Email').uncheck();
    await modal.getByText(/this alert would send nothing/).waitFor();
    await modal.getByRole('button', { name: 'Create Alert' }).click();
    const limit = page.getByRole('dialog', { name: 'Alert Limit Reached' });
    await limit
      .getByText('You have used all of your SMS alerts for this billing period.', { exact: false })
      .waitFor();
    await screenshot(page, 'new-user-alert-limit-sms-desktop', { fullPage: false });
    await limit.getByRole('button', { name: 'Cancel' }).click();

    // Item 8: with alerts 'Fired · cooling down until …' every column fits a 1280 px screen.
    await page
      .getByTestId('lifecycle')
      .getByText(/Fired · cooling down until/)
      .first()
      .waitFor();
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.alerts-table')!.closest('.table-wrap')!;
      const box = wrap.getBoundingClientRect();
      const cells = Array.from(
        document.querySelectorAll('.alerts-table thead th, .alerts-table tbody tr:first-child td'),
      );
      return {
        scroll: wrap.scrollWidth - wrap.clientWidth,
        outside: cells.filter((c) => c.getBoundingClientRect().right > box.right + 0.5).length,
        columns: document.querySelectorAll('.alerts-table thead th').length,
      };
    });
    await screenshot(page, 'new-user-alerts-fired-desktop', { fullPage: false });
    expect(fit).toEqual({ scroll: 0, outside: 0, columns: 9 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Item 4: an all-coins alert fires on BTC; deleted, its entry still says what it was.
    const all = await callApi(page, url, 'POST', '/api/alerts', {
      type: 'PortfolioGainLoss',
      allCoins: true,
      thresholdType: 'Gain',
      thresholdValue: 10,
      notificationMethod: 'Both',
    });
    // Portfolio-wide alerts are looked at when a held coin's price moves.
    coingecko.setPrice('ethereum', 3001);
    await expect
      .poll(
        async () =>
          (await callApi(page, url, 'GET', '/api/alerts/user/history?limit=50')).some(
            (e: { alertId: string }) => e.alertId === all.alerts[0].id,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.reload();
    const allRow = page.locator('tr', { hasText: 'All coins' });
    await allRow.getByRole('button', { name: 'Delete All coins alert' }).click();
    // Item 13: the app's own dialog, not the browser's confirm.
    let browserDialog = false;
    page.on('dialog', () => (browserDialog = true));
    const confirmDelete = page.getByRole('dialog', { name: 'Delete alert?' });
    await confirmDelete
      .getByText('All coins · Up 10% will no longer notify you.', { exact: false })
      .waitFor();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await allRow.waitFor({ state: 'detached' });
    expect(browserDialog).toBe(false);
    const activity = page.getByRole('region', { name: 'Recent alert activity' });
    const entry = activity.locator('li', { hasText: 'All coins · Up 10% (deleted)' });
    await entry.getByText(/^BTC at \$97,000\.00: /).waitFor({ timeout: 15_000 });
    await expect(activity.getByText(/Deleted alert/).count()).resolves.toBe(0);
    await page.evaluate(() => document.getElementById('recent-activity')?.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'new-user-activity-names-desktop', { fullPage: false });

    // Item 13: edit a fired alert's threshold and channels.
    const solRow = page.locator('tr', { hasText: 'Above $200.00' });
    await solRow.getByRole('button', { name: 'Edit SOL alert' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await edit.getByLabel('Price (USD)').fill('300');
    await edit.getByText('SOL: fires at $300.00 (+20.00% from now)').waitFor();
    await edit.getByLabel('Email').check();
    await edit.getByLabel('SMS').uncheck();
    await screenshot(page, 'new-user-alert-edit-desktop', { fullPage: false });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    const edited = page.locator('tr', { hasText: 'Above $300.00' });
    await edited.getByText('E-mail', { exact: true }).waitFor();

    // Item 13: a coin added after a gain/loss alert exists gets one too, and both screens say so.
    const eth = (await callApi(page, url, 'GET', '/api/portfolio')).find(
      (h: { symbol: string }) => h.symbol === 'ETH',
    );
    await callApi(page, url, 'POST', '/api/alerts', {
      type: 'PortfolioGainLoss',
      coinId: eth.id,
      thresholdType: 'Loss',
      thresholdValue: 15,
      notificationMethod: 'Email',
    });
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.getByRole('button', { name: 'Add Coin', exact: true }).click();
    const addCoin = page.getByRole('dialog', { name: 'Add Coin' });
    await addCoin.getByLabel('Search for a coin').fill('cardano');
    await addCoin
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Cardano/ })
      .click();
    await addCoin.getByLabel('Quantity').fill('100');
    await addCoin.getByRole('button', { name: 'Add Coin' }).click();
    await page
      .getByText('An alert was set on ADA (down 15%) for a coin you added', { exact: false })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Alerts' }).first().click();
    const notice = page.getByTestId('auto-alerts-notice');
    await notice.getByText(/An alert was set on ADA \(down 15%\)/).waitFor();
    await page.locator('tr', { hasText: 'ADA' }).getByText('Set for a new coin').waitFor();
    // Each action once: one 'Add Price Alert', at most one 'Protect my portfolio'.
    await expect(page.getByRole('button', { name: 'Add Price Alert' }).count()).resolves.toBe(1);
    await expect(
      page.getByRole('button', { name: 'Protect my portfolio' }).count(),
    ).resolves.toBeLessThanOrEqual(1);
    await screenshot(page, 'new-user-alerts-desktop');
    alertsUser = await context.storageState();
    // Back where the other journeys expect the market.
    coingecko.setPrice('ethereum', 3000);
    await context.close();
  });

  it('alerts on a phone: one-line rows, nothing wider than the screen, the same notices', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      hasTouch: true,
      isMobile: true,
      storageState: alertsUser,
    });
    const page = await context.newPage();
    await page.goto(`${url}/alerts`);
    await page.getByTestId('usage-channels').getByText('SMS: 0/25 left').waitFor();
    await page.getByTestId('auto-alerts-notice').waitFor();
    const display = await page
      .locator('.alerts-table tbody tr')
      .first()
      .evaluate((tr) => getComputedStyle(tr).display);
    expect(display).toBe('grid');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'new-user-alerts-phone', { fullPage: false });

    const solRow = page.locator('tr', { hasText: 'Above $300.00' });
    // A phone's alert is a one-line row; its actions are in the opened row.
    await solRow.getByRole('button', { name: 'Show SOL alert details' }).tap();
    await solRow.getByRole('button', { name: 'Edit SOL alert' }).tap();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'new-user-alert-edit-phone', { fullPage: false });
    await edit.getByRole('button', { name: 'Cancel' }).tap();

    await page.getByRole('button', { name: 'Add Price Alert' }).tap();
    const modal = page.getByRole('dialog', { name: 'Add Price Alert' });
    await modal.getByRole('checkbox', { name: /BTC/ }).tap();
    await modal.getByLabel('Percentage').tap();
    await modal.getByLabel('Percent', { exact: true }).fill('5');
    await modal.getByTestId('holds-now').scrollIntoViewIfNeeded();
    await screenshot(page, 'new-user-alert-already-true-phone', { fullPage: false });
    await modal.getByRole('button', { name: 'Cancel' }).tap();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-nav').getByRole('link', { name: 'Wallets' }).tap();
    await page.waitForURL('**/wallets');
    await context.close();
  });

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`number fields in a German browser on a ${viewport}: comma decimals, refused text, the prefilled price replaced`, async () => {
      const phone = viewport === 'phone';
      const context = await browser.newContext({
        viewport: size,
        locale: 'de-DE',
        hasTouch: phone,
        isMobile: phone,
      });
      const page = await context.newPage();
      await signUpInBrowser(page, live.app, 'Jonas');
      await page.getByRole('button', { name: 'Add a Coin' }).click();
      const modal = page.getByRole('dialog', { name: 'Add Coin' });
      await modal.getByLabel('Search for a coin').fill('ethereum');
      await modal
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: /Ethereum/ })
        .first()
        .click();
      const price = modal.getByLabel('Purchase Price per coin (USD)');
      await expect(price.inputValue()).resolves.toBe('3.000');
      // Clicking into today's price and typing replaces it instead of appending (190 + 120.50).
      await price.click();
      await page.keyboard.type('2500,5');
      await expect(price.inputValue()).resolves.toBe('2.500,5');
      const quantity = modal.getByLabel('Quantity');
      await quantity.fill('1e5');
      await modal.getByRole('button', { name: 'Add Coin' }).click();
      const message = modal.getByRole('alert');
      await message
        .getByText('Quantity: "1e5" is not a number. Use digits and one decimal separator, like 1.234,56.')
        .waitFor();
      await screenshot(page, `new-user-number-refused-${viewport}`, { fullPage: false });
      await quantity.fill('0,5');
      // The message goes as soon as the field changes.
      await expect(message.count()).resolves.toBe(0);
      await modal.getByRole('button', { name: 'Add Coin' }).click();
      await modal.waitFor({ state: 'detached' });
      const row = page.locator('tr[data-holding="ETH"]');
      await row.waitFor();
      await expect(row.locator('td').nth(1).textContent()).resolves.toBe('0.500000');
      // A phone's holding is a one-line row; its purchase price is in the opened row.
      if (phone) await row.getByRole('button', { name: 'Show ETH details' }).tap();
      await expect(
        page.getByRole('button', { name: 'Edit purchase price of ETH' }).textContent(),
      ).resolves.toBe('$2,500.50');
      await context.close();
    });
  }

  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`a coin without a price, Report Error with a description, Wallets in the navigation, on a ${viewport}`, async () => {
      const phone = viewport === 'phone';
      const context = await browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone });
      const page = await context.newPage();
      await signUpInBrowser(page, live.app, 'Omar');
      for (const [coingeckoId, symbol, purchasePrice] of [
        ['ethereum', 'ETH', 2500],
        ['unlisted-coin-xyz', 'UNL', 10],
      ] as const) {
        await callApi(page, url, 'POST', '/api/portfolio', {
          coingeckoId,
          symbol,
          name: symbol,
          quantity: 3,
          purchasePrice,
        });
      }
      await page.reload();
      const unpriced = page.locator('tr[data-holding="UNL"] [data-cell="gain-loss"]');
      await expect.poll(() => unpriced.textContent(), { timeout: 15_000 }).toBe('—No current price');
      // A phone's summary is one line; its cards open from it.
      if (phone) await page.getByRole('button', { name: 'Summary details' }).tap();
      await page
        .locator('[data-stat="gain-loss-note"]')
        .getByText('Leaves out 1 coin without a current or purchase price')
        .waitFor();
      await screenshot(page, `new-user-unpriced-${viewport}`);

      await page.getByRole('button', { name: 'Actions for UNL' }).click();
      await page.getByRole('menuitem', { name: 'Report Error' }).click();
      const report = page.getByRole('dialog', { name: 'Report a problem with UNL' });
      await report.getByLabel('What is wrong? (optional)').fill('No price is shown for this coin.');
      await screenshot(page, `new-user-report-error-${viewport}`, { fullPage: false });
      await report.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Error Report Sent!', { exact: false }).waitFor();

      if (phone) await page.getByRole('button', { name: 'Open menu' }).tap();
      const nav = page.locator(phone ? '#mobile-nav' : '.topbar nav');
      await nav.getByRole('link', { name: 'Wallets' }).click();
      await page.waitForURL('**/wallets');
      await context.close();
    });
  }

  it('rate limited: one banner naming the Refresh button, no Live chip, and a search the stored coin list cannot answer says it could not reach prices', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, live.app, 'Lee');
    await callApi(page, url, 'POST', '/api/portfolio', {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: 1,
      purchasePrice: 50000,
    });
    await page.reload();
    await page.locator('.pf-badges').getByText('Live').waitFor({ timeout: 15_000 });
    coingecko.fail('simple/price', 429);
    coingecko.fail('search', 429);
    try {
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await page
        .getByText('API rate limit reached. Please wait 2 minutes before trying "Refresh" again...')
        .waitFor();
      await expect(page.getByText(/rate limit/i).count()).resolves.toBe(1);
      await page.getByText('Auto-update paused').waitFor();
      await page.locator('.pf-badges').getByText('Cached prices').waitFor();
      await expect(page.locator('.pf-badges').getByText('Live').count()).resolves.toBe(0);
      await screenshot(page, 'new-user-rate-limited-desktop', { fullPage: false });

      await page.getByRole('button', { name: 'Add Coin', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Add Coin' });
      // Names in the stored coin list are found without asking upstream; only an unlisted query
      // falls back to CoinGecko's search, which is refusing here.
      await modal.getByLabel('Search for a coin').fill('qwzxv');
      await modal
        .getByText('Could not reach the price service to search. Please try again in a few minutes.')
        .waitFor();
      await expect(modal.getByText('No coins found').count()).resolves.toBe(0);
      await screenshot(page, 'new-user-search-unreachable-desktop', { fullPage: false });
      await modal.getByRole('button', { name: 'Cancel' }).click();

      await page.setViewportSize(VIEWPORTS.phone);
      await page.getByText('API rate limit reached.', { exact: false }).waitFor();
      await screenshot(page, 'new-user-rate-limited-phone', { fullPage: false });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    } finally {
      coingecko.clearFailures();
    }
    await context.close();
  });
});
