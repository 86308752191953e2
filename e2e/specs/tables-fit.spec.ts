/**
 * Tables fit their boxes: the alerts table with long coin names and a holding's transactions with long
 * notes scroll sideways nowhere (no table, dialog or scroll box, nor the page) at 1280, 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { signUpInBrowser, subscribeByApi } from '../src/journeys.ts';
import {
  LONG_NOTE,
  addHoldings,
  addLongNamedAlerts,
  addNotedBuys,
  sidewaysScrollers,
} from '../src/layout-data.ts';
import { appAndBrowser } from '../src/suite.ts';

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Opens BTC's detail view (on a phone, from its expanded row) and waits for its noted buys. */
async function openBitcoinDetail(page: Page) {
  const expand = page.getByRole('button', { name: 'Show BTC details', expanded: false });
  if (await expand.isVisible()) await expand.click();
  await page.getByRole('button', { name: 'BTC transactions and details' }).click();
  const detail = page.getByRole('dialog', { name: /BTC/ });
  await detail.getByRole('cell', { name: /1\. Bought on the exchange/ }).waitFor();
  return detail;
}

describe('tables fit their boxes', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('the alerts table and the transactions dialog scroll sideways nowhere at 1280, 1440 and 390 px', async () => {
    const context = await suite.browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Tess');
    await subscribeByApi(page, suite.app.url);
    const holdings = await addHoldings(page, suite.app.url, 3);
    await addNotedBuys(page, suite.app.url, holdings.get('BTC')!, 4);
    await addLongNamedAlerts(page, suite.app.url, 6);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`${suite.app.url}/alerts`);
      await page.locator('tr[data-alert-id]').nth(5).waitFor();
      await screenshot(page, `alerts-fit-${size.name}`, { fullPage: false });
      await expect(sidewaysScrollers(page), `alerts at ${size.width}`).resolves.toEqual([]);
      // Every action of the last row is inside the table's box, not behind a scroll.
      const wrap = (await page.locator('.alerts-table').locator('..').boundingBox())!;
      const last = page.locator('tr[data-alert-id]').last();
      const history = last.getByRole('button', { name: /^History of the/ });
      if (await history.isVisible()) {
        const box = (await history.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(wrap.x + wrap.width);
      }

      await page.goto(`${suite.app.url}/portfolio`);
      if (size.name !== 'phone') {
        // The summary's cards fill their rows evenly: no lone card on a row of its own.
        const cards = page.locator('.pf-summary > .pf-stat');
        await cards.first().waitFor();
        const tops = await cards.evaluateAll((all) =>
          all.map((el) => Math.round(el.getBoundingClientRect().top)),
        );
        const perRow = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
        expect(new Set(perRow).size, `summary rows at ${size.width}: ${perRow.join(' + ')}`).toBe(1);
        // Every figure shows on a wide screen: the phone's open-row button and its column are not there.
        await expect(page.getByRole('button', { name: 'Show BTC details' }).isVisible()).resolves.toBe(false);
        await expect(page.getByRole('columnheader', { name: 'Details' }).isVisible()).resolves.toBe(false);
      }
      const detail = await openBitcoinDetail(page);
      await detail.locator('tbody').scrollIntoViewIfNeeded();
      await screenshot(page, `transactions-fit-${size.name}`, { fullPage: false });
      await expect(sidewaysScrollers(page), `transactions at ${size.width}`).resolves.toEqual([]);
      // A note keeps its full text in a tooltip, and its row stays low (not a word a line).
      const note = detail.getByRole('cell', { name: /1\. Bought on the exchange/ });
      await expect(note.getAttribute('title')).resolves.toBe(`1. ${LONG_NOTE}`);
      if (size.name !== 'phone') {
        const row = (await detail.locator('tbody tr').first().boundingBox())!;
        expect(row.height).toBeLessThanOrEqual(64);
      }
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });
    }
    await context.close();
  });
});
