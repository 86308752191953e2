// A file of its own: happy-dom binds Storage methods to an instance on first use, so the guard must be
// installed before anything in this environment calls setItem (browsers look the method up every time).
import { describe, expect, it } from 'vitest';
import { installStorageWriteGuard } from './storage-guard.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const SEED = 'zoo zone youth young year yellow wrong write wrist worth world work';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('write guard', () => {
  it('refuses sensitive values outside the whitelist, says which key, and can be removed', () => {
    const original = Storage.prototype.setItem;
    const refused: string[] = [];
    const restore = installStorageWriteGuard((r) => refused.push(`${r.key}:${r.reason}`));
    expect(Storage.prototype.setItem).not.toBe(original);

    localStorage.setItem('seed', 'anything');
    localStorage.setItem('wallet', ADDRESS);
    sessionStorage.setItem('note', SEED);
    localStorage.setItem('ui.sidebar', 'open');
    localStorage.setItem(STORAGE_KEYS.wallets, JSON.stringify([{ address: ADDRESS }]));

    expect(refused).toEqual(['seed:secret-key-name', 'wallet:wallet-address', 'note:seed-phrase']);
    expect(localStorage.getItem('wallet')).toBeNull();
    expect(localStorage.getItem('seed')).toBeNull();
    expect(sessionStorage.getItem('note')).toBeNull();
    expect(localStorage.getItem('ui.sidebar')).toBe('open');
    expect(localStorage.getItem(STORAGE_KEYS.wallets)).toContain(ADDRESS);

    restore();
    expect(Storage.prototype.setItem).toBe(original);
  });
});
