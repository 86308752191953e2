import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { PortfolioToolbar } from '../PortfolioToolbar.tsx';
import { usePortfolio } from '../portfolio-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { useExport } from './export-csv.ts';

const CSV = 'Name,Symbol,Quantity,Balance ($),Contract Address\r\nBitcoin,BTC,0.5,15000,\r\n';

describe('Export CSV', () => {
  let fake: FakeApi;
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    resetPortfolioFeature();
    useExport.setState({ busy: null });
    fake = installFakeApi();
    saved = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    render(
      <MemoryRouter>
        <PortfolioToolbar />
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is a keyboard-reachable button in the toolbar that downloads the holdings file', async () => {
    fake.on('GET', '/api/portfolio/export.csv', { text: CSV });
    const button = screen.getByRole('button', { name: 'Export CSV' });
    expect(button.closest('[role="toolbar"]')).not.toBeNull();
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.tabIndex).toBe(0);
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^coinpace-portfolio-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await saved[0]!.blob.text()).toBe(CSV);
    expect(fake.callsTo('GET', '/api/portfolio/export.csv')).toHaveLength(1);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('downloads the transactions file from its own button', async () => {
    fake.on('GET', '/api/portfolio/transactions.csv', { text: 'Date (UTC),Type\r\n' });
    fireEvent.click(screen.getByRole('button', { name: 'Export Transactions' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^coinpace-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says why when the export fails, and downloads nothing', async () => {
    fake.on('GET', '/api/portfolio/export.csv', { status: 500, body: { error: 'Database is down.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(usePortfolio.getState().error).toBe('Failed to export CSV: Database is down.'),
    );
    expect(saved).toEqual([]);
  });
});
