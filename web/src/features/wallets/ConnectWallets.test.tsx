/**
 * The Wallets screen's wallet options against a fake EIP-1193 provider put on `window` (a browser API,
 * as an extension injects it) and the fake HTTP API: connect, decline, prove with a signature, options
 * without a wallet in this browser, and wallets kept in browser storage offered for tracking once.
 */
import type { WalletView } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { resetEip6963Store } from './browser-wallets.ts';
import { WalletsPage } from './WalletsPage.tsx';
import { readStoredWallets, useWallets } from './wallets-store.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const ID = '44444444-4444-4444-8444-444444444444';
const SIGNATURE = `0x${'ab'.repeat(65)}`;
const MESSAGE = 'coinpace.test wants you to sign in with your Ethereum account:\n' + ADDRESS;

const view = (over: Partial<WalletView> = {}): WalletView => ({
  id: ID,
  label: 'MetaMask',
  kind: 'evm',
  address: ADDRESS,
  verified: false,
  verifiedAt: null,
  status: 'active',
  refreshing: true,
  chains: [],
  lastRefreshAt: null,
  lastError: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});

/** A fake injected provider: answers what the test gives, records every request. */
function fakeProvider(
  answers: Record<string, (params?: unknown[]) => unknown>,
  flags = { isMetaMask: true },
) {
  const requests: { method: string; params?: unknown[] }[] = [];
  return {
    ...flags,
    requests,
    request: vi.fn(async (args: { method: string; params?: unknown[] }) => {
      requests.push(args);
      const answer = answers[args.method];
      if (!answer) throw Object.assign(new Error('Unsupported method'), { code: 4200 });
      return answer(args.params);
    }),
  };
}

const rejected = () => {
  throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
};

describe('connecting a browser wallet', () => {
  let api: FakeApi;
  beforeEach(() => {
    localStorage.clear();
    useWallets.setState({ wallets: [] });
    resetEip6963Store();
    api = installFakeApi()
      .on('GET', '/api/wallets', { body: [] })
      .on('GET', '/api/exchange-accounts', { body: [] })
      .on('GET', '/api/exchanges', { body: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (window as { ethereum?: unknown }).ethereum;
    delete (window as { phantom?: unknown }).phantom;
    resetEip6963Store();
  });

  const option = (name: RegExp) => screen.getByRole('button', { name });

  it('connects the injected wallet, tracks its address, and proves it with a signature', async () => {
    const provider = fakeProvider({
      eth_requestAccounts: () => [ADDRESS.toLowerCase()],
      personal_sign: () => SIGNATURE,
    });
    (window as { ethereum?: unknown }).ethereum = provider;
    api
      .on('POST', '/api/wallets', { status: 201, body: view({ address: ADDRESS }) })
      .on('POST', `/api/wallets/${ID}/verification`, {
        status: 201,
        body: { message: MESSAGE, nonce: 'n0nce', expiresAt: '2026-12-01T10:10:00.000Z' },
      })
      .on('POST', `/api/wallets/${ID}/verification/confirm`, {
        body: view({ verified: true, verifiedAt: '2026-12-01T10:01:00.000Z' }),
      });
    render(<WalletsPage />);
    expect(option(/MetaMask/).textContent).toContain('In this browser: connect');
    await act(async () => {
      fireEvent.click(option(/MetaMask/));
    });
    expect(provider.requests[0]).toEqual({ method: 'eth_requestAccounts' });
    expect(api.callsTo('POST', '/api/wallets')[0]!.body).toEqual({ label: 'MetaMask', address: ADDRESS });
    const note = await screen.findByText(/MetaMask 0x5290...9EE7 is tracked/);
    // The tracked list is read again.
    expect(api.callsTo('GET', '/api/wallets').length).toBeGreaterThanOrEqual(2);

    await act(async () => {
      fireEvent.click(within(note).getByRole('button', { name: 'Prove MetaMask is mine with MetaMask' }));
    });
    const sign = provider.requests.find((r) => r.method === 'personal_sign')!;
    // personal_sign takes the message as hex of its UTF-8 bytes, and the account.
    expect(new TextDecoder().decode(hexBytes(sign.params![0] as string))).toBe(MESSAGE);
    expect((sign.params![1] as string).toLowerCase()).toBe(ADDRESS.toLowerCase());
    expect(api.callsTo('POST', `/api/wallets/${ID}/verification/confirm`)[0]!.body).toEqual({
      message: MESSAGE,
      signature: SIGNATURE,
    });
    expect(await screen.findByText(/is verified as yours/)).toBeTruthy();
  });

  it('says so clearly when the user declines, and adds nothing', async () => {
    (window as { ethereum?: unknown }).ethereum = fakeProvider({ eth_requestAccounts: rejected });
    render(<WalletsPage />);
    await act(async () => {
      fireEvent.click(option(/MetaMask/));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'You declined the request in MetaMask. Nothing was added.',
    );
    expect(api.callsTo('POST', '/api/wallets')).toHaveLength(0);
  });

  it('tells a declined signature apart, and the wallet stays unverified', async () => {
    const provider = fakeProvider({ eth_requestAccounts: () => [ADDRESS], personal_sign: rejected });
    (window as { ethereum?: unknown }).ethereum = provider;
    api
      .on('GET', '/api/wallets', { body: [view({ label: 'Main', refreshing: false })] })
      .on('POST', `/api/wallets/${ID}/verification`, {
        status: 201,
        body: { message: MESSAGE, nonce: 'n0nce', expiresAt: '2026-12-01T10:10:00.000Z' },
      });
    render(<WalletsPage />);
    const prove = await screen.findByRole('button', { name: 'Prove Main is mine with MetaMask' });
    await act(async () => {
      fireEvent.click(prove);
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You declined the request in MetaMask. The wallet is tracked, not verified.',
    );
    expect(api.callsTo('POST', `/api/wallets/${ID}/verification/confirm`)).toHaveLength(0);
  });

  it('connects Phantom through its Solana provider', async () => {
    const solana = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    (window as { phantom?: unknown }).phantom = {
      solana: { isPhantom: true, connect: async () => ({ publicKey: { toString: () => solana } }) },
    };
    api.on('POST', '/api/wallets', {
      status: 201,
      body: view({ label: 'Phantom', kind: 'solana', address: solana }),
    });
    render(<WalletsPage />);
    await act(async () => {
      fireEvent.click(option(/Phantom/));
    });
    expect(api.callsTo('POST', '/api/wallets')[0]!.body).toEqual({ label: 'Phantom', address: solana });
    expect(screen.getByText(/Phantom DRpbCB...21hy is tracked/)).toBeTruthy();
    // A Solana wallet cannot sign in with Ethereum: no offer to prove it.
    expect(screen.queryByRole('button', { name: /Prove/ })).toBeNull();
  });

  it('finds a wallet announced by EIP-6963 beside the options', async () => {
    const provider = fakeProvider({ eth_requestAccounts: () => [ADDRESS] }, { isMetaMask: false });
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({
            info: { uuid: 'u-1', name: 'Rabby Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.rabby' },
            provider,
          }),
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    try {
      api.on('POST', '/api/wallets', { status: 201, body: view({ label: 'Rabby Wallet' }) });
      render(<WalletsPage />);
      const rabby = await screen.findByRole('button', { name: /Rabby Wallet/ });
      await act(async () => {
        fireEvent.click(rabby);
      });
      expect(api.callsTo('POST', '/api/wallets')[0]!.body).toEqual({
        label: 'Rabby Wallet',
        address: ADDRESS,
      });
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });

  it('says how to add the address by hand where the browser has no such wallet', async () => {
    render(<WalletsPage />);
    fireEvent.click(option(/Coinbase Wallet/));
    const dialog = await screen.findByRole('dialog', { name: 'Coinbase Wallet is not in this browser' });
    expect(dialog.textContent).toContain('open Receive and copy the address');
    expect(dialog.textContent).not.toContain('Coming Soon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the address by hand' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('wallet-address'));
  });

  it('offers wallets kept in browser storage for tracking once, then forgets them', async () => {
    localStorage.setItem(
      STORAGE_KEYS.wallets,
      JSON.stringify([
        {
          id: 'a',
          kind: 'metamask',
          name: 'MetaMask',
          address: ADDRESS,
          connectedAt: '2025-01-01T00:00:00Z',
        },
        { id: 'b', kind: 'rainbow', name: 'Rainbow', address: 'not-an-address', connectedAt: '' },
      ]),
    );
    useWallets.setState({ wallets: readStoredWallets() });
    api.on('POST', '/api/wallets', { status: 201, body: view() });
    render(<WalletsPage />);
    const offer = screen.getByRole('region', { name: 'Wallets kept in this browser' });
    await act(async () => {
      fireEvent.click(within(offer).getByRole('button', { name: 'Track them' }));
    });
    expect(api.callsTo('POST', '/api/wallets').map((c) => c.body)).toEqual([
      { label: 'MetaMask', address: ADDRESS },
    ]);
    expect(
      screen.getByText(/1 wallet from this browser now tracked\. Rainbow not-an...ress: This/),
    ).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.wallets)).toBeNull();
    cleanup();
    render(<WalletsPage />);
    expect(screen.queryByRole('region', { name: 'Wallets kept in this browser' })).toBeNull();
  });

  it('forgets them too when the user says no', () => {
    localStorage.setItem(
      STORAGE_KEYS.wallets,
      JSON.stringify([{ id: 'a', kind: 'metamask', name: 'MetaMask', address: ADDRESS, connectedAt: '' }]),
    );
    useWallets.setState({ wallets: readStoredWallets() });
    render(<WalletsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(localStorage.getItem(STORAGE_KEYS.wallets)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Wallets kept in this browser' })).toBeNull();
    expect(api.callsTo('POST', '/api/wallets')).toHaveLength(0);
  });
});

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(
    hex
      .slice(2)
      .match(/../g)!
      .map((b) => parseInt(b, 16)),
  );
}
