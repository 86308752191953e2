/**
 * A new user imports a trade history from 2021 (Kraken's export: a dollar buy, a euro buy, an ETH bought
 * with BTC, and a sale this year) and sees the portfolio's All range reach back to 2021, the holding's
 * price chart with its trades marked, and this year's gains report listing the sale.
 */
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../src/browser.ts';
import { callApi, signUpInBrowser } from '../src/journeys.ts';
import { appAndBrowser } from '../src/suite.ts';

const krakenTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '0');

function krakenExport(now: number): string {
  const rows = [
    ['T1', 'XXBTZUSD', Date.parse('2021-02-01T10:00:00Z'), 'buy', '33000', '0.1'],
    ['T2', 'XXBTZEUR', Date.parse('2021-06-01T10:00:00Z'), 'buy', '30000', '0.05'],
    ['T3', 'XETHXXBT', Date.parse('2021-09-01T10:00:00Z'), 'buy', '0.07', '1'],
    ['T4', 'XXBTZUSD', now - 2 * 86_400_000, 'sell', '90000', '0.02'],
  ] as const;
  const header = 'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers';
  const lines = rows.map(([id, pair, at, type, price, vol]) =>
    [id, `O${id}`, pair, krakenTime(at), type, 'limit', price, '', '0', vol, '0', '', ''].join(','),
  );
  return [header, ...lines].join('\n');
}

describe('a 2021 trade history', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('shows All from 2021, the holding’s trades on its chart and this year’s gains', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Hedy');
    const now = Date.now();
    const imported = await callApi(page, suite.app.url, 'POST', '/api/portfolio/import-trades', {
      text: krakenExport(now),
      fileName: 'kraken-trades.csv',
    });
    expect(JSON.stringify(imported)).not.toMatch(/"failed":[1-9]/);

    // Each trade kept in its own currency: dollars, euros, and the ETH priced in bitcoin.
    const holdings: { id: string; symbol: string }[] = await callApi(
      page,
      suite.app.url,
      'GET',
      '/api/portfolio',
    );
    const currencies = async (symbol: string) => {
      const id = holdings.find((h) => h.symbol === symbol)!.id;
      const history = await callApi(page, suite.app.url, 'GET', `/api/portfolio/${id}/transactions`);
      return new Set((history.transactions as { currency: string }[]).map((t) => t.currency));
    };
    // BTC also has the sale of the bitcoin the ETH was paid with, priced in bitcoin.
    expect(await currencies('BTC')).toEqual(new Set(['usd', 'eur', 'bitcoin']));
    expect(await currencies('ETH')).toEqual(new Set(['bitcoin']));

    await page.goto(suite.app.url);
    const row = page.locator('tr[data-holding="BTC"]');
    await row.waitFor();
    await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: 'All' }).click();
    const chart = page.locator('section[aria-labelledby="value-chart-title"]');
    await expect
      .poll(() => chart.locator('svg').first().textContent(), { timeout: 20_000 })
      .toContain('2021');

    await row.getByRole('button', { name: 'Actions for BTC' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    const detail = page.getByRole('dialog', { name: /BTC/ });
    await detail
      .getByRole('group', { name: 'Price chart range' })
      .getByRole('button', { name: 'Since the first trade' })
      .click();
    const markers = detail.getByRole('img', { name: /^(Bought|Sold) / });
    await expect.poll(() => markers.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('Escape');

    const year = new Date(now - 2 * 86_400_000).getUTCFullYear();
    await page.goto(`${suite.app.url}/account`);
    const section = page.getByRole('region', { name: 'Gains report' });
    await section.getByRole('combobox', { name: 'Year' }).selectOption(String(year));
    const table = section.getByRole('table', { name: `Sales in ${year}` });
    await table.waitFor();
    await expect(table.getByRole('cell', { name: '0.02 BTC' }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
