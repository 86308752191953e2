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
      currency: 'usd',
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

  it('a fiat display currency is recorded in it; a third-asset fee is named', () => {
    const out = movementTransaction(
      'a',
      trade({ quote: 'EUR', price: '55000', fee: { asset: 'BNB', amount: '0.01' } }),
    );
    expect(out).toMatchObject({ pricePerCoin: '55000', fee: '0', currency: 'eur' });
    expect(out!.note).toBe('fee 0.01 BNB not counted');
  });

  it('a quote that cannot be priced (a fiat without rates, a coin not named) is recorded at 0 with its price', () => {
    const lira = movementTransaction('a', trade({ quote: 'TRY', price: '2000000', fee: null }));
    expect(lira).toMatchObject({ pricePerCoin: '0', fee: '0', currency: 'usd' });
    expect(lira!.note).toContain('priced in TRY: 2000000 TRY each');
    const eth = trade({ base: 'ETH', quote: 'BTC', price: '0.05', fee: { asset: 'BTC', amount: '0.001' } });
    expect(movementTransaction('a', eth)).toMatchObject({ pricePerCoin: '0', currency: 'usd' });
    expect(movementTransaction('a', eth, () => undefined)).toMatchObject({ pricePerCoin: '0' });
  });

  it('a quote in a coin is recorded in that coin, its fee in the quote or in the base coin at the price', () => {
    const coinIdOf = (code: string) => ({ BTC: 'bitcoin' })[code];
    const eth = trade({ base: 'ETH', quote: 'BTC', price: '0.05', fee: { asset: 'BTC', amount: '0.001' } });
    expect(movementTransaction('a', eth, coinIdOf)).toMatchObject({
      pricePerCoin: '0.05',
      fee: '0.001',
      currency: 'bitcoin',
      note: null,
    });
    const feeInEth = { ...eth, fee: { asset: 'ETH', amount: '0.01' } } as SyncedMovement;
    expect(movementTransaction('a', feeInEth, coinIdOf)).toMatchObject({
      quantity: '0.49',
      fee: '0.0005',
      currency: 'bitcoin',
    });
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
    const coinIdOf = (code: string) => ({ BTC: 'bitcoin', ETH: 'ethereum' })[code];
    const eth = trade({
      base: 'ETH',
      quote: 'BTC',
      amount: '2',
      price: '0.05',
      fee: { asset: 'BTC', amount: '0.001' },
    });
    const [base, paid] = movementTransactions('acc', eth, coinIdOf);
    expect(base).toMatchObject({
      asset: 'ETH',
      kind: 'buy',
      quantity: '2',
      pricePerCoin: '0.05',
      currency: 'bitcoin',
      externalRef: 'exchange:acc:trade:1',
    });
    // The coin paid is priced 1 in itself: worth its own close of the day, as the file import records it.
    expect(paid).toEqual({
      asset: 'BTC',
      kind: 'sell',
      at,
      quantity: '0.101',
      pricePerCoin: '1',
      fee: '0',
      currency: 'bitcoin',
      note: 'Paid for 2 ETH',
      externalRef: 'exchange:acc:trade:1:btc',
    });
    const [, received] = movementTransactions('acc', { ...eth, side: 'sell' } as SyncedMovement, coinIdOf);
    expect(received).toMatchObject({
      asset: 'BTC',
      kind: 'buy',
      quantity: '0.099',
      pricePerCoin: '1',
      currency: 'bitcoin',
      note: 'Received for 2 ETH',
    });
    // Without a coin for the quote, both sides stay unpriced and say so.
    const [, unnamed] = movementTransactions('acc', eth);
    expect(unnamed).toMatchObject({ pricePerCoin: '0', note: 'Paid for 2 ETH; not priced in USD' });
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
