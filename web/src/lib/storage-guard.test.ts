import { beforeEach, describe, expect, it } from 'vitest';
import {
  SECURITY_SWEEP_MS,
  UNSAFE_KEY_CHECK_MS,
  clearCachedMarketData,
  runSecuritySweep,
  runUnsafeKeyCheck,
  startStorageGuard,
  type Scheduler,
} from './storage-guard.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const HEX_KEY = 'f'.repeat(64);
const SEED = 'zoo zone youth young year yellow wrong write wrist worth world work';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLXZhbHVl';

const keys = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('start-up clearing', () => {
  it('removes cached prices and portfolio data from both storages and keeps the rest', () => {
    localStorage.setItem('cryptoPrices', '{"bitcoin":{"usd":1}}');
    localStorage.setItem('portfolio', '[]');
    sessionStorage.setItem('tickerCache', '[]');
    localStorage.setItem('ui.sidebar', 'open');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    const removed = clearCachedMarketData();
    expect(removed.map((r) => r.key).sort()).toEqual(['cryptoPrices', 'portfolio', 'tickerCache']);
    expect(keys(localStorage)).toEqual([STORAGE_KEYS.theme, 'ui.sidebar']);
    expect(keys(sessionStorage)).toEqual([]);
  });
});

describe('unsafe-key check and security sweep', () => {
  beforeEach(() => {
    localStorage.setItem('hotWallet', HEX_KEY);
    localStorage.setItem('recovery', SEED);
    sessionStorage.setItem('token', JWT);
    localStorage.setItem('lastAddress', ADDRESS);
    localStorage.setItem('snapshot', JSON.stringify({ total: 125000 }));
    localStorage.setItem('ui.sidebar', 'open');
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: JWT, user: { id: 'u1' } }));
    localStorage.setItem(STORAGE_KEYS.wallets, JSON.stringify([{ address: ADDRESS }]));
    sessionStorage.setItem(STORAGE_KEYS.sitePassword, 'hunter2 hunter2');
    localStorage.setItem('__clerk_environment', JSON.stringify({ pk: 'sk_test_abcdefghijk' }));
  });

  it('the 60 s check removes key material only', () => {
    const removed = runUnsafeKeyCheck();
    expect(removed).toEqual(
      expect.arrayContaining([
        { key: 'hotWallet', reason: 'private-key' },
        { key: 'recovery', reason: 'seed-phrase' },
        { key: 'token', reason: 'credential' },
      ]),
    );
    expect(removed).toHaveLength(3);
    expect(localStorage.getItem('lastAddress')).toBe(ADDRESS);
    expect(localStorage.getItem('snapshot')).not.toBeNull();
  });

  it('the 5-minute sweep also removes addresses and large amounts', () => {
    const removed = runSecuritySweep();
    expect(removed.map((r) => r.key).sort()).toEqual([
      'hotWallet',
      'lastAddress',
      'recovery',
      'snapshot',
      'token',
    ]);
  });

  it('never touches the whitelist or the identity provider', () => {
    runSecuritySweep();
    expect(keys(localStorage)).toEqual(
      ['__clerk_environment', STORAGE_KEYS.session, STORAGE_KEYS.wallets, 'ui.sidebar'].sort(),
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.sitePassword)).toBe('hunter2 hunter2');
  });
});

describe('startStorageGuard', () => {
  it('clears at once, then runs the check every 60 s and the sweep every 5 minutes', () => {
    const jobs = new Map<number, () => void>();
    let stopped = 0;
    const schedule: Scheduler = (fn, ms) => {
      jobs.set(ms, fn);
      return () => {
        stopped += 1;
      };
    };
    localStorage.setItem('portfolio', '[]');
    localStorage.setItem('lastAddress', ADDRESS);
    const stop = startStorageGuard({ schedule, guardWrites: false });
    expect(keys(localStorage)).toEqual([]);
    expect([...jobs.keys()].sort((a, b) => a - b)).toEqual([UNSAFE_KEY_CHECK_MS, SECURITY_SWEEP_MS]);

    localStorage.setItem('hotWallet', HEX_KEY);
    localStorage.setItem('lastAddress', ADDRESS);
    jobs.get(UNSAFE_KEY_CHECK_MS)!();
    expect(keys(localStorage)).toEqual(['lastAddress']);
    jobs.get(SECURITY_SWEEP_MS)!();
    expect(keys(localStorage)).toEqual([]);

    stop();
    expect(stopped).toBe(2);
  });
});
