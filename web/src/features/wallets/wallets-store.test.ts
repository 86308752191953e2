import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import {
  addConnectedWallet,
  disconnectWallet,
  readStoredWallets,
  shortenAddress,
  useWallets,
} from './wallets-store.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeEach(() => {
  localStorage.clear();
  useWallets.setState({ wallets: [] });
});

describe('wallets store', () => {
  it('keeps connected wallets in browser storage and forgets a disconnected one', () => {
    addConnectedWallet(
      { kind: 'metamask', name: 'MetaMask', address: ADDRESS },
      new Date('2026-11-01T00:00:00Z'),
    );
    addConnectedWallet({ kind: 'phantom', name: 'Phantom', address: 'So1anaAddre55' });
    expect(readStoredWallets().map((w) => w.name)).toEqual(['MetaMask', 'Phantom']);
    expect(readStoredWallets()[0]).toMatchObject({
      id: `metamask-${ADDRESS.toLowerCase()}`,
      connectedAt: '2026-11-01T00:00:00.000Z',
    });

    disconnectWallet(`metamask-${ADDRESS.toLowerCase()}`);
    expect(useWallets.getState().wallets.map((w) => w.name)).toEqual(['Phantom']);
    expect(readStoredWallets().map((w) => w.name)).toEqual(['Phantom']);
  });

  it('replaces a wallet connected twice', () => {
    addConnectedWallet({ kind: 'metamask', name: 'MetaMask', address: ADDRESS });
    addConnectedWallet({ kind: 'metamask', name: 'MetaMask', address: ADDRESS.toLowerCase() });
    expect(useWallets.getState().wallets).toHaveLength(1);
  });

  it('drops malformed or unknown entries it reads back', () => {
    localStorage.setItem(
      STORAGE_KEYS.wallets,
      JSON.stringify([
        { id: 'a', kind: 'metamask', name: 'MetaMask', address: ADDRESS, connectedAt: '' },
        { id: 'b', kind: 'paper', name: 'Paper', address: ADDRESS },
        { id: 'c', kind: 'rainbow', name: 'Rainbow' },
        'nonsense',
      ]),
    );
    expect(readStoredWallets().map((w) => w.id)).toEqual(['a']);
    localStorage.setItem(STORAGE_KEYS.wallets, '{not json');
    expect(readStoredWallets()).toEqual([]);
  });

  it('shortens addresses for display', () => {
    expect(shortenAddress(ADDRESS)).toBe('0x5290...9EE7');
    expect(shortenAddress('short')).toBe('short');
  });
});
