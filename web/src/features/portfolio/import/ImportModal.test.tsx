import {
  CSV_DROP_ONLY_MESSAGE,
  CSV_TEMPLATE_FILENAME,
  EXPORT_SOURCES,
  PASTE_EMPTY_MESSAGE,
  type BillingInfo,
} from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { PENDING_BILLING, useBilling } from '../../billing/billing-store.ts';
import { setHoldings } from '../portfolio-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ImportModal } from './ImportModal.tsx';
import { ImportNotices } from './ImportNotices.tsx';
import { openImport, useImport } from './import-store.ts';

const ACTIVE: BillingInfo = {
  ...PENDING_BILLING,
  plan: 'Coinpace',
  accountStatus: 'Active',
  planStatus: 'active',
};

describe('ImportModal', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    setHoldings([holding({ symbol: 'BTC' })]);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    api = installFakeApi()
      .on('GET', '/api/prices', { body: {} })
      .on('GET', '/api/portfolio', { body: [holding({ symbol: 'BTC' })] });
    openImport();
    render(<ImportModal />);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has the CSV tab with chooser, template download and format help', () => {
    expect(screen.getByRole('tab', { name: 'CSV Upload' }).getAttribute('aria-selected')).toBe('true');
    screen.getByRole('button', { name: 'Choose CSV File' });
    expect(screen.getByLabelText('CSV file').getAttribute('accept')).toBe('.csv,text/csv');
    // Each column name is listed under one field; Balance and Total, which can be either, are explained.
    const help = screen.getByRole('tabpanel');
    const fields = within(help)
      .getAllByRole('listitem')
      .map((item) => item.textContent!);
    expect(fields.filter((f) => /\bbalance\b/i.test(f.split(':')[1] ?? ''))).toEqual([]);
    expect(fields).toContain('Quantity: quantity, amount');
    expect(help.textContent).toContain(
      'Balance is the quantity, unless a Quantity or Amount column exists or its header names dollars',
    );
    expect(help.textContent).toContain('Semicolon-separated files with comma decimals');
    expect(help.textContent).not.toMatch(/0;\$/);

    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: `Download template (${CSV_TEMPLATE_FILENAME})` }));
    expect(clicked).toEqual(['portfolio-template.csv']);
    click.mockRestore();
  });

  it('moves between the tabs with the arrow keys, Home and End; the tab list is one Tab stop', () => {
    const csv = screen.getByRole('tab', { name: 'CSV Upload' });
    const paste = screen.getByRole('tab', { name: 'Paste Wallet Data' });
    const trades = screen.getByRole('tab', { name: 'Trade history' });
    expect([csv.tabIndex, paste.tabIndex, trades.tabIndex]).toEqual([0, -1, -1]);
    csv.focus();
    fireEvent.keyDown(csv, { key: 'ArrowRight' });
    expect(paste.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(paste);
    expect([csv.tabIndex, paste.tabIndex, trades.tabIndex]).toEqual([-1, 0, -1]);
    screen.getByRole('button', { name: 'Process Wallet Data' });
    fireEvent.keyDown(paste, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(trades);
    screen.getByRole('button', { name: 'Choose Trade History File' });
    fireEvent.keyDown(trades, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(csv);
    fireEvent.keyDown(csv, { key: 'End' });
    expect(document.activeElement).toBe(trades);
    fireEvent.keyDown(trades, { key: 'Home' });
    expect(csv.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(csv, { key: 'ArrowLeft' });
    expect(trades.getAttribute('aria-selected')).toBe('true');
  });

  it('refuses a dropped file that is not a CSV', async () => {
    const file = new File(['x'], 'notes.txt');
    await act(async () => {
      fireEvent.drop(screen.getByTestId('csv-dropzone'), { dataTransfer: { files: [file] } });
    });
    expect(screen.getByRole('alert').textContent).toBe(CSV_DROP_ONLY_MESSAGE);
  });

  it('imports a chosen CSV file and reports what was added, skipped and failed', async () => {
    api.on('POST', '/api/portfolio/bulk', ({ body }) => {
      const items = (body as { portfolioItems: { symbol: string }[] }).portfolioItems;
      return { body: { successful: items.length, failed: 0, errors: [], added: [] } };
    });
    const file = new File(['Symbol,Quantity,Value\nBTC,1,100\nETH,2,"$5,000"\nSOL,abc,1\n'], 'export.csv');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    });
    await vi.waitFor(() => expect(useImport.getState().summary).not.toBeNull());
    expect(api.callsTo('POST', '/api/portfolio/bulk')[0]!.body).toEqual({
      portfolioItems: [
        {
          coingeckoId: 'ethereum',
          name: 'ETH',
          symbol: 'ETH',
          address: null,
          quantity: '2',
          purchasePrice: '2500',
        },
      ],
    });
    expect(useImport.getState().summary!.headline).toBe(
      'Import finished: 1 added, 1 skipped, 1 failed (3 rows read).',
    );
    // The modal has closed (coins were added); the portfolio page shows the notices.
    render(
      <MemoryRouter>
        <ImportNotices />
      </MemoryRouter>,
    );
    const summary = screen.getByRole('status', { name: 'Import summary' });
    expect(within(summary).getByRole('list', { name: 'Not imported' }).textContent).toBe(
      'Row 4, SOL: quantity "abc" is not a number',
    );
    expect(within(summary).getByRole('list', { name: 'Skipped' }).textContent).toBe(
      'BTC: Already in your portfolio',
    );
    // What the import added, apart from everything the portfolio tracks (this fake server's list).
    within(summary).getByText('1 coin(s) added by this import. You now track 1 coin(s) in all.');
  });

  it('the paste tab: 15 rows, Process Wallet Data, the empty message and the export help', () => {
    fireEvent.click(screen.getByRole('tab', { name: 'Paste Wallet Data' }));
    const area = screen.getByLabelText('Paste your wallet or exchange data') as HTMLTextAreaElement;
    expect(area.getAttribute('rows')).toBe('15');
    fireEvent.click(screen.getByRole('button', { name: 'Process Wallet Data' }));
    expect(screen.getByRole('alert').textContent).toBe(PASTE_EMPTY_MESSAGE);

    fireEvent.click(screen.getByRole('button', { name: 'How to copy from your exchange or wallet' }));
    const help = screen.getByRole('dialog', { name: 'How to export your holdings' });
    for (const source of EXPORT_SOURCES) within(help).getByText(source);
    within(help).getByText('Coming Soon');
  });

  it('shows the sticky do-not-refresh state while saving and cannot be closed', async () => {
    let release: () => void = () => {};
    api.on(
      'POST',
      '/api/portfolio/bulk',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { successful: 1, failed: 0, errors: [], added: [] } });
        }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Paste Wallet Data' }));
    fireEvent.change(screen.getByLabelText('Paste your wallet or exchange data'), {
      target: { value: 'Ethereum, ETH, 2, 5000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Process Wallet Data' }));
    await screen.findByText('Please do not refresh or close this page until the import has finished.');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/portfolio/bulk')).toHaveLength(1));
    await act(async () => release());
    await vi.waitFor(() => expect(useImport.getState().open).toBe(false));
  });
});
