import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { LocationFilter } from './LocationFilter.tsx';
import { idsAt } from './location-filter.ts';
import { setHoldings } from './portfolio-store.ts';
import { HoldingsTable } from './table/HoldingsTable.tsx';
import { resetPortfolioFeature } from './testing.ts';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const WALLET = '22222222-2222-4222-8222-222222222222';

describe('LocationFilter', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps one row per coin and shows only the coins at the chosen place', async () => {
    const btc = holding({ symbol: 'BTC' });
    const eth = holding({ symbol: 'ETH', coingeckoId: 'ethereum', coinId: 'ethereum' });
    api.on('GET', '/api/holding-locations', {
      body: {
        accounts: [{ id: ACCOUNT, label: 'My demo', exchange: 'demo' }],
        wallets: [{ id: WALLET, label: 'Cold storage', kind: 'evm' }],
        holdings: { [btc.id]: ['', ACCOUNT], [eth.id]: ['', WALLET] },
      },
    });
    setHoldings([btc, eth]);
    render(
      <MemoryRouter>
        <LocationFilter />
        <HoldingsTable />
      </MemoryRouter>,
    );
    const picker = (await screen.findByLabelText('Location')) as HTMLSelectElement;
    const rows = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-holding'));
    expect(rows()).toHaveLength(2);
    await act(async () => {
      fireEvent.change(picker, { target: { value: ACCOUNT } });
    });
    expect(rows()).toEqual(['BTC']);
    // A wallet is a location as an exchange account is.
    expect(within(picker).getByRole('group', { name: 'Wallets' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(picker, { target: { value: WALLET } });
    });
    expect(rows()).toEqual(['ETH']);
    await act(async () => {
      fireEvent.change(picker, { target: { value: 'manual' } });
    });
    expect(rows()).toHaveLength(2);
    await act(async () => {
      fireEvent.change(picker, { target: { value: 'all' } });
    });
    expect(rows()).toHaveLength(2);
  });

  it('is not offered without an exchange account or wallet, and hides nothing when the places are unknown', async () => {
    api.on('GET', '/api/holding-locations', { body: { accounts: [], wallets: [], holdings: {} } });
    setHoldings([holding()]);
    render(<LocationFilter />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(api.callsTo('GET', '/api/holding-locations')).toHaveLength(1);
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(idsAt(['a', 'b'], null, ACCOUNT)).toEqual(['a', 'b']);
  });
});
