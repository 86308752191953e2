import { describe, expect, it } from 'vitest';
import { findSecret, findSensitive, hasLargeAmount, isCachedMarketData } from './storage-rules.ts';

const HEX_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const SEED = 'abandon ability able about above absent absorb abstract absurd abuse access accident';

describe('findSecret', () => {
  it.each([
    ['wallet', HEX_KEY, 'private-key'],
    ['wallet', `0x${HEX_KEY}`, 'private-key'],
    ['backup', JSON.stringify({ words: SEED }), 'seed-phrase'],
    ['note', SEED.toUpperCase().toLowerCase(), 'seed-phrase'],
    ['cfg', 'sk_live_abcdefghijklmnop', 'credential'],
    ['cfg', 'AKIAABCDEFGHIJKLMNOP', 'credential'],
    ['auth', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLXZhbHVl', 'credential'],
    ['pem', '-----BEGIN EC PRIVATE KEY-----\nMHcC...', 'private-key'],
    ['myPrivateKey', 'x', 'secret-key-name'],
    ['mnemonic', '', 'secret-key-name'],
    ['api_key', 'x', 'secret-key-name'],
  ])('finds %s = %j as %s', (key, value, reason) => {
    expect(findSecret(key, value)).toBe(reason);
  });

  it.each([
    ['theme', 'dark'],
    ['layout', JSON.stringify({ sidebar: 'open', width: 320 })],
    ['note', 'I should buy a few more coins at the end of the month'],
    ['hash', 'abc123'],
  ])('leaves %s = %j alone', (key, value) => {
    expect(findSecret(key, value)).toBeNull();
  });
});

describe('findSensitive', () => {
  it.each([
    ['last', '0x52908400098527886E0F7030069857D2E4169EE7', 'wallet-address'],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'wallet-address'],
    ['btc', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'wallet-address'],
    ['cache', JSON.stringify({ balance: 25000 }), 'large-amount'],
    ['cache', JSON.stringify({ rows: [{ value: '1,250,000.50' }] }), 'large-amount'],
    ['draft', 'I hold $12,500 in BTC', 'large-amount'],
    ['n', '50000', 'large-amount'],
  ])('finds %s = %j as %s', (key, value, reason) => {
    expect(findSensitive(key, value)).toBe(reason);
  });

  it.each([
    ['cache', JSON.stringify({ balance: 9999.99 })],
    ['seen', '1718000000000'],
    ['seen', '1718000000'],
    ['cache', JSON.stringify({ updatedAt: 1718000000000, count: 3 })],
    ['cache', JSON.stringify({ id: 123456 })],
    ['draft', 'I hold $500 in BTC'],
  ])('leaves %s = %j alone', (key, value) => {
    expect(findSensitive(key, value)).toBeNull();
  });

  it('includes every secret', () => {
    expect(findSensitive('x', HEX_KEY)).toBe('private-key');
  });
});

describe('hasLargeAmount and isCachedMarketData', () => {
  it('reads USD-prefixed figures', () => {
    expect(hasLargeAmount('USD 10000')).toBe(true);
    expect(hasLargeAmount('USD 9,999')).toBe(false);
  });

  it.each([
    ['cryptoPrices', true],
    ['portfolio', true],
    ['coinpace.portfolio.v1', true],
    ['tickerCache', true],
    ['coingecko_markets', true],
    ['coinpace.theme', false],
    ['ui.sidebar', false],
  ])('%s is cached market data: %s', (key, expected) => {
    expect(isCachedMarketData(key)).toBe(expected);
  });
});
