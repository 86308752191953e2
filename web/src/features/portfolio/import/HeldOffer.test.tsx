/**
 * The import summary's offer to update held coins to the imported balances: which coins it
 * offers, the button, and what accepting it sends and shows.
 */
import type { BillingInfo } from '@coinpace/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { PENDING_BILLING, useBilling } from '../../billing/billing-store.ts';
import { setHoldings, usePortfolio } from '../portfolio-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ImportNotices } from './ImportNotices.tsx';
import { heldBalances, importCsvFile, openImport, useImport } from './import-store.ts';

const ACTIVE: BillingInfo = {
  ...PENDING_BILLING,
  plan: 'Token Run',
  accountStatus: 'Active',
  planStatus: 'active',
};

describe('held coins offer', () => {
  let api: FakeApi;
  let server: ReturnType<typeof holding>[];
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
    useBilling.setState({ status: 'ready', info: ACTIVE });
    server = [
      holding({ symbol: 'BTC', quantity: '1' }),
      holding({ symbol: 'ETH', coingeckoId: 'ethereum', name: 'Ethereum', quantity: '2' }),
    ];
    setHoldings(server);
    api.on('GET', '/api/portfolio', () => ({ body: server }));
    api.on('GET', '/api/prices', { body: {} });
    api.on('POST', '/api/portfolio/bulk', { body: { successful: 1, failed: 0, errors: [], added: [] } });
    openImport('csv');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists only held coins the import read at another balance', () => {
    const rows = [
      { symbol: 'BTC', quantity: 1.5 },
      { symbol: 'eth', quantity: 2 },
      { symbol: 'SOL', quantity: 3 },
    ];
    expect(heldBalances(rows, ['BTC', 'eth'], usePortfolio.getState().holdings)).toEqual([
      { symbol: 'BTC', quantity: '1.5' },
    ]);
  });

  it('offers the update after an import that skipped held coins, and records it when accepted', async () => {
    await importCsvFile(new File(['symbol,quantity\nBTC,1.5\nETH,2\nSOL,3\n'], 'mine.csv'));
    expect(useImport.getState().heldOffer).toEqual([{ symbol: 'BTC', quantity: '1.5' }]);
    render(
      <MemoryRouter>
        <ImportNotices />
      </MemoryRouter>,
    );
    api.on('POST', '/api/portfolio/balances', () => {
      server = [{ ...server[0]!, quantity: '1.5' }, server[1]!];
      return { body: { updated: [server[0]], unchanged: [], failed: [] } };
    });
    const button = screen.getByRole('button', { name: 'Update 1 held coin to the imported balances' });
    fireEvent.click(button);
    await waitFor(() =>
      expect(usePortfolio.getState().notice).toBe('Updated 1 held coin to the imported balances.'),
    );
    expect(api.callsTo('POST', '/api/portfolio/balances')[0]!.body).toEqual({
      balances: [{ symbol: 'BTC', quantity: '1.5' }],
    });
    expect(usePortfolio.getState().holdings.find((h) => h.symbol === 'BTC')!.quantity).toBe('1.5');
    expect(useImport.getState().heldOffer).toBeNull();
    expect(screen.queryByRole('region', { name: 'Held coins skipped' })).toBeNull();
  });

  it('offers it when every coin was already held, and keeps it when the update fails', async () => {
    await importCsvFile(new File(['symbol,quantity\nBTC,4\nETH,5\n'], 'mine.csv'));
    render(
      <MemoryRouter>
        <ImportNotices />
      </MemoryRouter>,
    );
    api.on('POST', '/api/portfolio/balances', { status: 500, body: { error: 'Database is down.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update 2 held coins to the imported balances' }));
    await waitFor(() =>
      expect(usePortfolio.getState().error).toBe('Failed to save changes to database: Database is down.'),
    );
    expect(useImport.getState().heldOffer).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss held coins offer' }));
    expect(useImport.getState().heldOffer).toBeNull();
  });
});
