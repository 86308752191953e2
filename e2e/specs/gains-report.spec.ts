/**
 * The Account page's gains report in a browser: a year with sales shows them, with the notice; the table
 * scrolls sideways nowhere at 1280 and 390 px (cards on a phone); axe finds nothing serious; the CSV
 * downloads in the Form 8949 layout.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { describeFindings, findBlockingViolations } from '../src/axe.ts';
import { screenshot } from '../src/browser.ts';
import { callApi, signUpInBrowser } from '../src/journeys.ts';
import { addHoldings, sidewaysScrollers } from '../src/layout-data.ts';
import { appAndBrowser } from '../src/suite.ts';

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('gains report', () => {
  const suite = appAndBrowser({ PRICE_SOURCE: 'simulated' });

  it('lists the year’s sales, fits a phone, and downloads the Form 8949 CSV', async () => {
    const context = await suite.browser.newContext({ viewport: SIZES[0], acceptDownloads: true });
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Gina');
    const holdings = await addHoldings(page, suite.app.url, 1);
    const [holdingId] = [...holdings.values()];
    const path = `/api/portfolio/${holdingId}/transactions`;
    const now = Date.now();
    const year = new Date(now - 60_000).getUTCFullYear();
    await callApi(page, suite.app.url, 'POST', path, {
      type: 'buy',
      at: new Date(now - 120_000).toISOString(),
      quantity: '2',
      pricePerCoin: '100',
    });
    await callApi(page, suite.app.url, 'POST', path, {
      type: 'sell',
      at: new Date(now - 60_000).toISOString(),
      quantity: '1.5',
      pricePerCoin: '150',
    });

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`${suite.app.url}/account`);
      const section = page.getByRole('region', { name: 'Gains report' });
      await section
        .getByRole('note')
        .getByText(/not tax advice/)
        .waitFor();
      await section.getByRole('combobox', { name: 'Year' }).selectOption(String(year));
      await section.getByRole('combobox', { name: 'Method' }).selectOption('fifo');
      const table = section.getByRole('table', { name: `Sales in ${year}` });
      await table.waitFor();
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, `gains-report-${size.name}`, { fullPage: false });
      await expect(sidewaysScrollers(page), `gains report at ${size.width}`).resolves.toEqual([]);
      const found = await findBlockingViolations(page, `gains report ${size.name}`);
      expect(found, describeFindings(found)).toEqual([]);
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV (Form 8949 layout)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`coinpace-gains-${year}-fifo.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toMatch(/^Part,\(a\) Description of property,/);
    // The sale takes 1.5 of the coins bought at 100, for 150 each (the opening coin comes later).
    expect(lines.slice(1).filter((l) => l.startsWith('I,'))).toHaveLength(1);
    expect(lines[1]).toMatch(
      /^I,1\.5 [A-Z]+,\d{2}\/\d{2}\/\d{4},\d{2}\/\d{2}\/\d{4},225\.00,150\.00,,,75\.00$/,
    );
    await context.close();
  });
});
