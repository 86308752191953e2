import type { GainsReportResult } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { GainsReportSection } from './GainsReportSection.tsx';

const totals = (proceeds: string, costBasis: string, gain: string) => ({ proceeds, costBasis, gain });

function report(over: Partial<GainsReportResult> = {}): GainsReportResult {
  return {
    year: 2025,
    method: 'average',
    currency: 'usd',
    conversion: null,
    missingRates: [],
    disposals: [
      {
        holdingId: '00000000-0000-4000-8000-000000000001',
        transactionId: 's1',
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.5',
        acquired: '2024-01-10',
        disposed: '2025-06-01',
        proceeds: '198',
        costBasis: '250.004',
        gain: '-52.004',
        term: 'long',
      },
    ],
    shortTerm: totals('0', '0', '0'),
    longTerm: totals('198', '250.004', '-52.004'),
    total: totals('198', '250.004', '-52.004'),
    transferFees: '0',
    realisedGain: '-52.004',
    skipped: [],
    income: [],
    incomeTotal: '0',
    incomeNote: 'Income (staking rewards, interest, airdrops) at its value on the day it was received.',
    notice: 'This report is not tax advice.',
    ...over,
  };
}

describe('GainsReportSection', () => {
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 5, 1) });
    api = installFakeApi().on('GET', '/api/reports/gains', (call) => ({
      body: report({
        year: Number(call.query.get('year')),
        method: (call.query.get('method') as GainsReportResult['method']) ?? 'average',
      }),
    }));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the CSV of the report shown, named by year and method', async () => {
    render(<GainsReportSection />);
    await screen.findByRole('table');
    api.on('GET', '/api/reports/gains', { text: 'Part,(a) Description of property\r\n' });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:gains';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV (Form 8949 layout)' }));
    });
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('GET', '/api/reports/gains').at(-1)!.query.toString()).toBe(
      'year=2025&method=average&format=csv',
    );
    expect(await saved[0]!.text()).toBe('Part,(a) Description of property\r\n');
    expect(names).toEqual(['coinpace-gains-2025-average.csv']);
  });

  it('shows last year by the saved method: the notice, totals, the sales and the income note', async () => {
    render(<GainsReportSection />);
    expect(screen.getByRole('status').textContent).toBe('Loading the 2025 report...');
    const table = await screen.findByRole('table', { name: 'Sales in 2025' });
    expect(api.callsTo('GET', '/api/reports/gains')[0]!.query.toString()).toBe('year=2025');
    expect(screen.getByRole('note').textContent).toMatch(/not tax advice/);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.5 BTC', '01/10/2024', '06/01/2025', '198.00', '250.00', '(52.00)', 'Long']);
    expect(screen.getByText('Total gain or (loss)').nextSibling?.textContent).toBe('(52.00)');
    expect(screen.getByText(/value on the day it was received/)).toBeTruthy();
    expect(screen.getByText('No income in 2025.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Method' }) as HTMLSelectElement).value).toBe('average');
  });

  it('reads the report again for another year and method', async () => {
    render(<GainsReportSection />);
    await screen.findByRole('table');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Method' }), { target: { value: 'hifo' } });
    });
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2024' } });
    });
    await screen.findByRole('table', { name: 'Sales in 2024' });
    expect(api.callsTo('GET', '/api/reports/gains').map((c) => c.query.toString())).toEqual([
      'year=2025',
      'year=2025&method=hifo',
      'year=2024&method=hifo',
    ]);
  });

  it('lists the year’s income apart from the sales: day, coin, quantity, value and the total', async () => {
    const line = (transactionId: string, received: string, quantity: string, value: string) => ({
      holdingId: '00000000-0000-4000-8000-000000000002',
      transactionId,
      symbol: 'ETH',
      name: 'Ethereum',
      received,
      quantity,
      value,
      note: 'Staking income',
    });
    api.on('GET', '/api/reports/gains', {
      body: report({
        currency: 'eur',
        income: [line('i1', '2025-02-03', '0.01', '25.005'), line('i2', '2025-03-04', '0.02', '41')],
        incomeTotal: '66.005',
      }),
    });
    render(<GainsReportSection />);
    const table = await screen.findByRole('table', { name: 'Income in 2025' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['02/03/2025', 'ETH', '0.01', '25.01'],
      ['03/04/2025', 'ETH', '0.02', '41.00'],
      ['66.01'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Value (EUR)' })).toBeTruthy();
    expect(within(table).getByRole('rowheader').textContent).toBe('Total income 2025');
    expect(screen.getByRole('table', { name: 'Sales in 2025' })).toBeTruthy();
  });

  it('says so when the year has no sales', async () => {
    api.on('GET', '/api/reports/gains', { body: report({ disposals: [] }) });
    render(<GainsReportSection />);
    expect(await screen.findByText('No sales in 2025.')).toBeTruthy();
  });

  it('shows why the report could not be loaded, and loads it on Retry', async () => {
    api.on('GET', '/api/reports/gains', { status: 500, body: { error: 'Something went wrong' } });
    render(<GainsReportSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load the gains report: Something went wrong',
    );
    api.on('GET', '/api/reports/gains', { body: report() });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
