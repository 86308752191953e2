import type { HoldingLocations as Locations } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { HoldingLocations } from './HoldingLocations.tsx';

const HOLDING = '22222222-2222-4222-8222-222222222222';
const ACCOUNT = '11111111-1111-4111-8111-111111111111';

const places = (synced: string, differs: boolean): Locations => ({
  holdingId: HOLDING,
  symbol: 'SOL',
  locations: [
    {
      locationId: null,
      label: 'By hand',
      exchange: null,
      quantity: '2',
      exchangeBalance: null,
      differs: false,
    },
    {
      locationId: ACCOUNT,
      label: 'My demo',
      exchange: 'demo',
      quantity: synced,
      exchangeBalance: '10.75',
      differs,
    },
  ],
});

describe('HoldingLocations', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi().on('GET', `/api/holding-locations/${HOLDING}`, { body: places('10', true) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the quantity per place, both figures where the exchange differs, and adjusts to it', async () => {
    api.on('POST', `/api/holding-locations/${HOLDING}/adjust`, { body: places('10.75', false) });
    render(<HoldingLocations holdingId={HOLDING} version={1} />);
    expect(await screen.findByRole('heading', { name: 'Where it is' })).toBeTruthy();
    expect(screen.getByText('By hand')).toBeTruthy();
    expect(screen.getByText(/The exchange reports/).textContent).toMatch(/10\.75.*10/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "Adjust to My demo's balance" }));
    });
    expect(api.callsTo('POST', `/api/holding-locations/${HOLDING}/adjust`)[0]!.body).toEqual({
      accountId: ACCOUNT,
    });
    expect(screen.queryByRole('button', { name: /Adjust to/ })).toBeNull();
  });

  it('shows nothing for a holding entered only by hand', async () => {
    api.on('GET', `/api/holding-locations/${HOLDING}`, {
      body: { holdingId: HOLDING, symbol: 'SOL', locations: [places('1', false).locations[0]] },
    });
    const { container } = render(<HoldingLocations holdingId={HOLDING} version={1} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(api.callsTo('GET', `/api/holding-locations/${HOLDING}`)).toHaveLength(1);
    expect(container.textContent).toBe('');
  });
});
