import type { WalletDetail, WalletView } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { TrackedWallets } from './TrackedWallets.tsx';
import { applyRefreshEvent } from './tracked-wallets.ts';

const ID = '33333333-3333-4333-8333-333333333333';
const SEED = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const wallet = (over: Partial<WalletView> = {}): WalletView => ({
  id: ID,
  label: 'Cold storage',
  kind: 'demo',
  address: 'demo:alice',
  verified: false,
  verifiedAt: null,
  status: 'active',
  refreshing: false,
  chains: ['demo'],
  lastRefreshAt: '2026-12-01T10:00:00.000Z',
  lastError: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('TrackedWallets', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi().on('GET', '/api/wallets', { body: [wallet()] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const address = () => screen.getByLabelText('Public address') as HTMLInputElement;

  it('lists wallets with their chains and last refresh, refreshes one now, and shows its balances', async () => {
    api.on('POST', `/api/wallets/${ID}/refresh`, { status: 202, body: {} });
    const detail: WalletDetail = {
      ...wallet(),
      balances: [
        { chain: 'demo', token: null, symbol: 'ETH', amount: '1.5', coingeckoId: 'ethereum' },
        {
          chain: 'demo',
          token: '0xd000000000000000000000000000000000000bee',
          symbol: 'BEE',
          amount: '100',
          coingeckoId: null,
        },
      ],
    };
    api.on('GET', `/api/wallets/${ID}`, { body: detail });
    render(<TrackedWallets />);
    const row = await screen.findByRole('listitem', { name: 'Cold storage, demo:alice' });
    expect(within(row).getByText('Demo chain')).toBeTruthy();
    expect(within(row).getByText(/^Refreshed /)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Refresh Cold storage now' }));
    });
    expect(api.callsTo('POST', `/api/wallets/${ID}/refresh`)).toHaveLength(1);
    expect(within(row).getByText('Refreshing…')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Balances of Cold storage' }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1.5')).toBeTruthy();
    // A token the coin list does not know: listed with its contract, not priced.
    expect(within(dialog).getByText(/not priced: 0xd000000000000000000000000000000000000bee/)).toBeTruthy();
  });

  it('says what the address is as it is typed, and adds it', async () => {
    api.on('POST', '/api/wallets', { status: 201, body: wallet({ id: 'x', label: 'Main' }) });
    render(<TrackedWallets />);
    await screen.findByRole('listitem', { name: 'Cold storage, demo:alice' });
    fireEvent.change(screen.getByLabelText('Wallet name'), { target: { value: 'Main' } });
    fireEvent.change(address(), { target: { value: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' } });
    expect(screen.getByText('Bitcoin address (native SegWit)')).toBeTruthy();
    fireEvent.change(address(), { target: { value: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' } });
    expect(screen.getByText(/^EVM address/)).toBeTruthy();
    await act(async () => {
      fireEvent.submit(address().closest('form')!);
    });
    expect(api.callsTo('POST', '/api/wallets')[0]!.body).toEqual({
      label: 'Main',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(screen.getByRole('status').textContent).toMatch(/Main added/);
  });

  it('never sends a seed phrase or a private key: cleared from the field, refused in words', async () => {
    render(<TrackedWallets />);
    await screen.findByRole('listitem', { name: 'Cold storage, demo:alice' });
    fireEvent.change(address(), { target: { value: SEED } });
    expect(address().value).toBe('');
    expect(screen.getByRole('alert').textContent).toMatch(/seed phrase/);
    fireEvent.change(address(), {
      target: { value: '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318' },
    });
    expect(address().value).toBe('');
    expect(screen.getByRole('alert').textContent).toMatch(/private key/);
    expect((screen.getByRole('button', { name: 'Add wallet' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.submit(address().closest('form')!);
    });
    expect(api.callsTo('POST', '/api/wallets')).toHaveLength(0);
  });

  it('deletes a wallet after asking', async () => {
    api.on('DELETE', `/api/wallets/${ID}`, { status: 204 });
    render(<TrackedWallets />);
    const row = await screen.findByRole('listitem', { name: 'Cold storage, demo:alice' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Cold storage' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo('DELETE', `/api/wallets/${ID}`)).toHaveLength(0);
    api.on('GET', '/api/wallets', { body: [] });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(api.callsTo('DELETE', `/api/wallets/${ID}`)).toHaveLength(1);
    expect(await screen.findByText(/No wallets tracked yet/)).toBeTruthy();
  });

  it('shows an error when the wallets cannot be read', async () => {
    api.on('GET', '/api/wallets', { status: 500, body: { error: 'Something went wrong' } });
    render(<TrackedWallets />);
    expect(await screen.findByText(/Something went wrong/)).toBeTruthy();
  });

  it('applies a refresh event: progress while running, the error once failed', () => {
    const shown = [{ ...wallet(), progress: null }];
    const running = applyRefreshEvent(shown, {
      walletId: ID,
      status: 'running',
      progress: 0.5,
      added: 2,
      error: null,
    });
    expect(running[0]).toMatchObject({ refreshing: true, progress: 0.5 });
    const failed = applyRefreshEvent(running, {
      walletId: ID,
      status: 'failed',
      progress: null,
      added: 2,
      error: 'down',
    });
    expect(failed[0]).toMatchObject({ refreshing: false, progress: null, lastError: 'down' });
  });
});
