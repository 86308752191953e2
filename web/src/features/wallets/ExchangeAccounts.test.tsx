import type { ExchangeAccountView, ExchangeOption } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { ExchangeAccounts } from './ExchangeAccounts.tsx';
import { applySyncEvent, pickerGroups, type ShownAccount } from './exchange-accounts.ts';

const EXCHANGES: ExchangeOption[] = [
  { id: 'kraken', name: 'Kraken', firstClass: true, needsPassword: false, reportsPermissions: true },
  { id: 'okx', name: 'OKX', firstClass: true, needsPassword: true, reportsPermissions: false },
  { id: 'demo', name: 'Demo exchange', firstClass: true, needsPassword: false, reportsPermissions: true },
  { id: 'hitbtc', name: 'HitBTC', firstClass: false, needsPassword: false, reportsPermissions: false },
];

const account = (over: Partial<ExchangeAccountView> = {}): ExchangeAccountView => ({
  id: '11111111-1111-4111-8111-111111111111',
  exchange: 'demo',
  exchangeName: 'Demo exchange',
  label: 'My demo',
  status: 'active',
  syncing: false,
  lastSyncAt: '2026-12-01T10:00:00.000Z',
  lastError: null,
  unmappedAssets: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('ExchangeAccounts', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi()
      .on('GET', '/api/exchanges', { body: EXCHANGES })
      .on('GET', '/api/exchange-accounts', { body: [account()] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

  it('lists the accounts with their last sync, and syncs one now', async () => {
    api.on('POST', `/api/exchange-accounts/${account().id}/sync`, { status: 202, body: {} });
    render(<ExchangeAccounts />);
    const row = await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    expect(within(row).getByText(/^Synced /)).toBeTruthy();
    // The server shows the sync asked for as running until it ends.
    api.on('GET', '/api/exchange-accounts', { body: [account({ syncing: true })] });
    const button = () => within(row).getByRole('button', { name: 'Sync My demo now' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button());
    });
    expect(api.callsTo('POST', `/api/exchange-accounts/${account().id}/sync`)).toHaveLength(1);
    expect(within(row).getByText('Syncing…')).toBeTruthy();
    expect(button().disabled).toBe(true);
  });

  it('says how far back the first sync reads where the exchange serves only recent trades', async () => {
    api.on('GET', '/api/exchange-accounts', {
      body: [
        account(),
        account({
          id: '22222222-2222-4222-8222-222222222222',
          exchange: 'okx',
          exchangeName: 'OKX',
          label: 'My OKX',
        }),
      ],
    });
    render(<ExchangeAccounts />);
    const okx = await screen.findByRole('listitem', { name: 'My OKX, OKX' });
    expect(within(okx).getByText(/OKX serves the trades of the last 3 months/)).toBeTruthy();
    const demo = screen.getByRole('listitem', { name: 'My demo, Demo exchange' });
    expect(within(demo).queryByText(/serves the trades of the last/)).toBeNull();
  });

  it('a sync that ended before "Sync now" was answered is shown ended, not running', async () => {
    api.on('POST', `/api/exchange-accounts/${account().id}/sync`, { status: 202, body: {} });
    render(<ExchangeAccounts />);
    const row = await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    api.on('GET', '/api/exchange-accounts', { body: [account({ lastSyncAt: '2026-12-01T11:00:00.000Z' })] });
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Sync My demo now' }));
    });
    expect(within(row).queryByText('Syncing…')).toBeNull();
    expect(
      (within(row).getByRole('button', { name: 'Sync My demo now' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('lists the assets not recognised and maps one to the coin found by search', async () => {
    api.on('GET', '/api/exchange-accounts', { body: [account({ unmappedAssets: ['XDG', 'ZZZ'] })] });
    api.on('GET', '/api/search', {
      body: {
        coins: [
          {
            id: 'dogecoin',
            name: 'Dogecoin',
            symbol: 'doge',
            image: '',
            current_price: 0.1,
            price_change_percentage_24h: null,
            contract_address: null,
          },
        ],
      },
    });
    api.on('POST', `/api/exchange-accounts/${account().id}/assets`, {
      body: account({ syncing: true, unmappedAssets: ['ZZZ'] }),
    });
    render(<ExchangeAccounts />);
    const row = await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    expect(within(row).getByText('2 assets not recognised')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Choose the coin for XDG' }));
    fireEvent.change(field('Coin for XDG'), { target: { value: 'doge' } });
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Search' }));
    });
    expect(api.callsTo('GET', '/api/search')[0]!.query.get('query')).toBe('doge');
    api.on('GET', '/api/exchange-accounts', {
      body: [account({ syncing: true, unmappedAssets: ['ZZZ'] })],
    });
    await act(async () => {
      fireEvent.click(
        within(within(row).getByRole('list', { name: 'Coins for XDG' })).getByRole('button', {
          name: 'Dogecoin (DOGE)',
        }),
      );
    });
    expect(api.callsTo('POST', `/api/exchange-accounts/${account().id}/assets`)[0]!.body).toEqual({
      asset: 'XDG',
      coingeckoId: 'dogecoin',
    });
    expect(await within(row).findByText('1 asset not recognised')).toBeTruthy();
    expect(within(row).getByText('Syncing…')).toBeTruthy();
  });

  it('shows a stopped account’s error in words and offers no sync', async () => {
    api.on('GET', '/api/exchange-accounts', {
      body: [account({ status: 'stopped', lastError: 'The exchange says this key was deleted.' })],
    });
    render(<ExchangeAccounts />);
    const row = await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    expect(within(row).getByRole('note').textContent).toBe('The exchange says this key was deleted.');
    expect(
      (within(row).getByRole('button', { name: 'Sync My demo now' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('connects an exchange: passphrase and the read-only tick where needed, the refusal in words', async () => {
    api.on('POST', '/api/exchange-accounts', {
      status: 400,
      body: { error: 'The API secret does not match the key.' },
    });
    render(<ExchangeAccounts />);
    await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect an exchange' }));
    const picker = field('Exchange') as unknown as HTMLSelectElement;
    // First-class exchanges by name, the others apart.
    expect([...picker.options].map((o) => o.text)).toEqual([
      'Choose an exchange',
      'Demo exchange',
      'Kraken',
      'OKX',
      'HitBTC',
    ]);
    fireEvent.change(picker, { target: { value: 'okx' } });
    expect(field('Passphrase')).toBeTruthy();
    fireEvent.change(field('API key'), { target: { value: 'key-1' } });
    fireEvent.change(field('API secret'), { target: { value: 'wrong' } });
    fireEvent.change(field('Passphrase'), { target: { value: 'pass' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /This key is read-only/ }));
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Connect' }).closest('form')!);
    });
    expect(api.callsTo('POST', '/api/exchange-accounts')[0]!.body).toEqual({
      exchange: 'okx',
      label: 'OKX',
      apiKey: 'key-1',
      secret: 'wrong',
      password: 'pass',
      confirmReadOnly: true,
    });
    expect(screen.getByRole('alert').textContent).toBe('The API secret does not match the key.');

    // Kraken tells the key's permissions: no tick, no passphrase.
    fireEvent.change(picker, { target: { value: 'kraken' } });
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('deletes an account after the confirm dialog', async () => {
    api.on('DELETE', `/api/exchange-accounts/${account().id}`, { status: 204 });
    render(<ExchangeAccounts />);
    const row = await screen.findByRole('listitem', { name: 'My demo, Demo exchange' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete My demo' }));
    expect(api.callsTo('DELETE', `/api/exchange-accounts/${account().id}`)).toHaveLength(0);
    api.on('GET', '/api/exchange-accounts', { body: [] });
    const dialog = screen.getByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(api.callsTo('DELETE', `/api/exchange-accounts/${account().id}`)).toHaveLength(1);
    expect(await screen.findByText('No exchange accounts connected yet.')).toBeTruthy();
  });
});

describe('sync events', () => {
  const shown = (): ShownAccount[] => [{ ...account(), progress: null, added: null }];

  it('shows a running sync’s progress, then its end or its error', () => {
    const id = account().id;
    const running = applySyncEvent(shown(), {
      accountId: id,
      status: 'running',
      progress: 0.4,
      added: 12,
      error: null,
    });
    expect(running[0]).toMatchObject({ syncing: true, progress: 0.4, added: 12 });
    const failed = applySyncEvent(running, {
      accountId: id,
      status: 'failed',
      progress: null,
      added: 12,
      error: 'Key revoked.',
    });
    expect(failed[0]).toMatchObject({ syncing: false, progress: null, lastError: 'Key revoked.' });
    const other = applySyncEvent(shown(), {
      accountId: 'other',
      status: 'done',
      progress: 1,
      added: 0,
      error: null,
    });
    expect(other).toEqual(shown());
  });

  it('orders the picker: first-class exchanges by name, then the others', () => {
    const { named, others } = pickerGroups(EXCHANGES);
    expect(named.map((e) => e.id)).toEqual(['demo', 'kraken', 'okx']);
    expect(others.map((e) => e.id)).toEqual(['hitbtc']);
  });
});
