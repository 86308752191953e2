import type { TradeImportPreview, TradeImportSummary } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ImportModal } from './ImportModal.tsx';
import { openImport } from './import-store.ts';

const KRAKEN =
  'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n' +
  'T1,O1,XXBTZUSD,2024-01-22 10:14:51,buy,limit,39850.1,797.002,2.0722,0.02,0,,\n';

const SUMMARY: TradeImportSummary = {
  exchange: 'kraken',
  read: 7,
  added: 4,
  duplicates: 1,
  skipped: 0,
  failed: 2,
  createdHoldings: ['BTC', 'ETH'],
  failures: [
    { row: 5, symbol: 'BTC', reason: 'priced in EUR' },
    { row: 8, symbol: 'ADA', reason: 'You held 0 on 2024-04-03 08:00 UTC, so you cannot sell 100.' },
  ],
  skippedRows: [{ row: 7, symbol: 'BTC', reason: 'the same trade as row 6' }],
};

const PREVIEW: TradeImportPreview = {
  exchange: 'kraken',
  read: 1,
  add: 1,
  duplicates: 0,
  skipped: 0,
  failed: 0,
  createdHoldings: [],
  coins: [
    {
      symbol: 'BTC',
      name: 'Bitcoin',
      holdingId: 'h1',
      target: 'existing',
      before: '0.75',
      after: '0.77',
      add: 1,
      fail: 0,
      opening: {
        quantity: '0.75',
        at: '2026-12-06T09:00:00.000Z',
        replaced: false,
        afterKeeping: '0.77',
        afterReplacing: '0.02',
      },
    },
  ],
  overlaps: ['BTC'],
  failures: [],
  skippedRows: [],
};

/** Chooses the file, waits for its preview and confirms the import. */
async function chooseAndImport(file: File): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Trade history file'), { target: { files: [file] } });
  });
  const preview = await screen.findByRole('region', { name: 'Import preview' });
  await act(async () => fireEvent.click(within(preview).getByRole('button', { name: 'Import' })));
}

describe('ImportModal trade history tab', () => {
  let api: FakeApi;
  let release: () => void;
  beforeEach(() => {
    resetPortfolioFeature();
    const answered = new Promise<void>((resolve) => (release = resolve));
    api = installFakeApi()
      .on('GET', '/api/prices', { body: {} })
      .on('GET', '/api/portfolio', { body: [holding({ symbol: 'BTC' })] })
      .on('GET', '/api/portfolio/import-batches', { body: { imports: [] } })
      .on('POST', '/api/portfolio/import-trades/preview', { body: PREVIEW })
      .on('POST', '/api/portfolio/import-trades', async () => {
        await answered;
        return { body: SUMMARY };
      });
    openImport('trades');
    render(<ImportModal />);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the file, shows the loading state, then the summary with row numbers, and reloads the portfolio', async () => {
    const tab = screen.getByRole('tab', { name: 'Trade history' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain('Binance');
    expect(panel.textContent).toContain('Bybit');
    const file = new File([KRAKEN], 'trades.csv', { type: 'text/csv' });
    await chooseAndImport(file);
    await screen.findByText('Importing your trade history...');
    const button = screen.getByRole('button', { name: 'Importing...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(api.callsTo('POST', '/api/portfolio/import-trades/preview')[0]!.body).toEqual({ text: KRAKEN });
    // Nothing ticked: the opening balance is kept.
    expect(api.callsTo('POST', '/api/portfolio/import-trades')[0]!.body).toEqual({
      text: KRAKEN,
      fileName: 'trades.csv',
    });

    await act(async () => release());
    const summary = await screen.findByRole('status', { name: 'Trade import summary' });
    expect(summary.textContent).toContain(
      'Kraken trade history: 4 added, 1 skipped as already imported, 2 failed (7 rows read). New holdings: BTC, ETH.',
    );
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 5, BTC: priced in EUR',
      'Row 8, ADA: You held 0 on 2024-04-03 08:00 UTC, so you cannot sell 100.',
    ]);
    expect(screen.queryByText('Importing your trade history...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Trade History File' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(api.callsTo('GET', '/api/portfolio').length).toBeGreaterThan(0);
  });

  it('previews each coin before and after, and replaces a ticked opening balance', async () => {
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Trade history file'), {
        target: { files: [new File([KRAKEN], 'kraken.csv')] },
      });
    });
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(api.callsTo('POST', '/api/portfolio/import-trades')).toHaveLength(0);
    const row = within(preview).getByRole('row', { name: /BTC/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.75', expect.stringMatching(/^0\.77/), '1 to add']);
    const replace = within(preview).getByRole('checkbox', {
      name: /Replace my opening balance of 0\.75 BTC/,
    });
    expect((replace as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(replace));
    expect(within(row).getAllByRole('cell')[1]!.textContent).toMatch(/^0\.02/);
    await act(async () => fireEvent.click(within(preview).getByRole('button', { name: 'Import' })));
    await act(async () => release());
    expect(api.callsTo('POST', '/api/portfolio/import-trades')[0]!.body).toEqual({
      text: KRAKEN,
      fileName: 'kraken.csv',
      replaceOpening: ['BTC'],
    });
    await screen.findByRole('status', { name: 'Trade import summary' });
  });

  it('says why the preview refused the file, and imports nothing', async () => {
    api.on('POST', '/api/portfolio/import-trades/preview', {
      status: 400,
      body: { error: 'This is not a trade-history export Coinpace reads.', code: 'BAD_REQUEST' },
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Trade history file'), {
        target: { files: [new File(['Name,Symbol\n'], 'holdings.csv')] },
      });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Failed to import trade history: This is not a trade-history export Coinpace reads.',
    );
    expect(api.callsTo('POST', '/api/portfolio/import-trades')).toHaveLength(0);
  });

  it('follows a long import that answers with its job: progress, then the summary', async () => {
    const jobId = '7d1c3f4e-2b8a-4c1d-9e6f-0a1b2c3d4e5f';
    api
      .on('POST', '/api/portfolio/import-trades', {
        status: 202,
        body: { jobId, status: 'running', progress: { phase: 'reading', done: 3000, total: 20000 } },
      })
      .on('GET', `/api/portfolio/imports/${jobId}`, {
        body: { jobId, status: 'done', progress: null, summary: SUMMARY },
      });
    await chooseAndImport(new File([KRAKEN], 'trades.csv'));
    await screen.findByText('Reading rows: 3,000 of 20,000');
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('value')).toBe('3000');
    expect(bar.getAttribute('max')).toBe('20000');
    const summary = await screen.findByRole('status', { name: 'Trade import summary' }, { timeout: 5_000 });
    expect(summary.textContent).toContain('Kraken trade history: 4 added');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.callsTo('GET', `/api/portfolio/imports/${jobId}`).length).toBe(1);
  });

  it('says why a followed import failed', async () => {
    const jobId = '7d1c3f4e-2b8a-4c1d-9e6f-0a1b2c3d4e60';
    api
      .on('POST', '/api/portfolio/import-trades', {
        status: 202,
        body: { jobId, status: 'queued', progress: null },
      })
      .on('GET', `/api/portfolio/imports/${jobId}`, {
        body: { jobId, status: 'failed', progress: null, error: 'The file has 20,001 rows.' },
      });
    await chooseAndImport(new File([KRAKEN], 'trades.csv'));
    await screen.findByText('Waiting for other imports to finish...');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toBe('Failed to import trade history: The file has 20,001 rows.');
  });
});
