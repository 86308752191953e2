import { describe, expect, it } from 'vitest';
import { coinForAsset, quantityByLocation } from './locations.ts';
import { movementTransaction, movementTransactions, type SyncedMovement } from './movements.ts';

const at = '2026-03-01T10:00:00.000Z';
const trade = (over: Partial<Extract<SyncedMovement, { kind: 'trade' }>> = {}): SyncedMovement => ({
  kind: 'trade',
  externalId: 'trade:1',
  at,
  side: 'buy',
  base: 'BTC',
  quote: 'USDT',
  amount: '0.5',
  price: '60000',
  fee: { asset: 'USDT', amount: '30' },
  ...over,
});

describe('movementTransaction', () => {
  it('a USD-like buy is a buy priced in USD with its fee, referenced by account and id', () => {
    expect(movementTransaction('acc', trade())).toEqual({
      asset: 'BTC',
      kind: 'buy',
      at,
      quantity: '0.5',
      pricePerCoin: '60000',
      fee: '30',
      note: null,
      externalRef: 'exchange:acc:trade:1',
    });
  });

  it('a fee in the base coin: fewer coins arrive on a buy, more leave on a sale, valued at the price', () => {
    const fee = { asset: 'BTC', amount: '0.001' };
    expect(movementTransaction('a', trade({ fee }))).toMatchObject({ quantity: '0.499', fee: '60' });
    expect(movementTransaction('a', trade({ fee, side: 'sell' }))).toMatchObject({
      kind: 'sell',
      quantity: '0.501',
      fee: '60',
    });
  });

  it('another quote is recorded unpriced, with a note saying its price; a third-asset fee is named', () => {
    const out = movementTransaction(
      'a',
      trade({ quote: 'EUR', price: '55000', fee: { asset: 'BNB', amount: '0.01' } }),
    );
    expect(out).toMatchObject({ pricePerCoin: '0', fee: '0' });
    expect(out!.note).toContain('priced in EUR: 55000 EUR each');
    expect(out!.note).toContain('fee 0.01 BNB not counted');
  });

  it('deposits and withdrawals are transfers; a withdrawal’s network fee leaves with the coins', () => {
    expect(
      movementTransaction('a', {
        kind: 'deposit',
        externalId: 'deposit:x',
        at,
        asset: 'eth',
        amount: '2',
        fee: null,
      }),
    ).toMatchObject({
      asset: 'ETH',
      kind: 'transfer_in',
      quantity: '2',
      externalRef: 'exchange:a:deposit:x',
    });
    expect(
      movementTransaction('a', {
        kind: 'withdrawal',
        externalId: 'withdrawal:y',
        at,
        asset: 'BTC',
        amount: '0.1',
        fee: { asset: 'BTC', amount: '0.0002' },
      }),
    ).toMatchObject({ kind: 'transfer_out', quantity: '0.1002', note: 'network fee 0.0002 BTC' });
  });

  it('a movement of nothing gives no transaction', () => {
    expect(movementTransaction('a', trade({ amount: '0' }))).toBeNull();
  });
});

describe('quantityByLocation', () => {
  it('splits a holding by location, an adjust counting its change to its own location', () => {
    const rows = [
      { kind: 'buy' as const, at: '2026-01-01T00:00:00Z', quantity: '1', locationId: null },
      { kind: 'buy' as const, at: '2026-01-02T00:00:00Z', quantity: '2', locationId: 'x' },
      { kind: 'sell' as const, at: '2026-01-03T00:00:00Z', quantity: '0.5', locationId: 'x' },
      // The holding is set to 3: the exchange's figure goes from 1.5 to 2.
      { kind: 'adjust' as const, at: '2026-01-04T00:00:00Z', quantity: '3', locationId: 'x' },
    ];
    expect(quantityByLocation(rows)).toEqual(
      new Map([
        [null, '1'],
        ['x', '2'],
      ]),
    );
  });
});

describe('coinForAsset', () => {
  const listed = [
    { id: 'uniswap', symbol: 'uni', marketCapRank: 20 },
    { id: 'uni-fake', symbol: 'UNI', marketCapRank: 3000 },
    { id: 'unranked', symbol: 'ZZZ', marketCapRank: null },
  ];
  const builtIn = (s: string) => (s === 'BTC' ? 'bitcoin' : undefined);
  it('takes the override, then the built-in table, then the best-ranked listed coin', () => {
    expect(coinForAsset('uni', { overrides: new Map(), builtIn, listed })).toBe('uniswap');
    expect(coinForAsset('UNI', { overrides: new Map([['UNI', 'uni-fake']]), builtIn, listed })).toBe(
      'uni-fake',
    );
    expect(coinForAsset('BTC', { overrides: new Map(), builtIn, listed })).toBe('bitcoin');
    expect(coinForAsset('ZZZ', { overrides: new Map(), builtIn, listed })).toBe('unranked');
    expect(coinForAsset('NOPE', { overrides: new Map(), builtIn, listed })).toBeNull();
  });
});

describe('movementTransactions: the quote side of a trade', () => {
  it('a buy quoted in a coin sells the coin paid, fee in it included; a sale buys the coin received, less it', () => {
    const eth = trade({
      base: 'ETH',
      quote: 'BTC',
      amount: '2',
      price: '0.05',
      fee: { asset: 'BTC', amount: '0.001' },
    });
    const [base, paid] = movementTransactions('acc', eth);
    expect(base).toMatchObject({
      asset: 'ETH',
      kind: 'buy',
      quantity: '2',
      externalRef: 'exchange:acc:trade:1',
    });
    expect(paid).toEqual({
      asset: 'BTC',
      kind: 'sell',
      at,
      quantity: '0.101',
      pricePerCoin: '0',
      fee: '0',
      note: 'Paid for 2 ETH; not priced in USD',
      externalRef: 'exchange:acc:trade:1:btc',
    });
    const [, received] = movementTransactions('acc', { ...eth, side: 'sell' } as SyncedMovement);
    expect(received).toMatchObject({
      asset: 'BTC',
      kind: 'buy',
      quantity: '0.099',
      note: 'Received for 2 ETH; not priced in USD',
    });
  });

  it('a dollar stablecoin quote moves at 1 dollar, only where the user holds it; cash and transfers move nothing else', () => {
    const [, usdt] = movementTransactions('acc', trade());
    expect(usdt).toMatchObject({
      asset: 'USDT',
      kind: 'sell',
      quantity: '30030',
      pricePerCoin: '1',
      onlyIfHeld: true,
    });
    expect(movementTransactions('acc', trade({ quote: 'EUR', fee: null }))).toHaveLength(1);
    expect(movementTransactions('acc', trade({ quote: 'USD', fee: null }))).toHaveLength(1);
    const deposit: SyncedMovement = {
      kind: 'deposit',
      externalId: 'deposit:1',
      at,
      fee: null,
      asset: 'BTC',
      amount: '1',
    };
    expect(movementTransactions('acc', deposit)).toHaveLength(1);
    expect(movementTransactions('acc', trade({ amount: '0' }))).toEqual([]);
  });
});
