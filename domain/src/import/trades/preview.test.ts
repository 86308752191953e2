import { describe, expect, it } from 'vitest';
import type { HoldingTransaction } from '../../transactions/cost-basis.ts';
import { parseTradeHistory } from './parse.ts';
import { planTradeImport } from './plan.ts';
import { overlappingOpenings, previewTradeGroups, replacesOpening, type PreviewHolding } from './preview.ts';

const HEADER = 'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers';
const NOW = Date.parse('2026-12-06T12:00:00Z');
const plan = (...rows: string[]) =>
  planTradeImport(parseTradeHistory([HEADER, ...rows].join('\n'), { now: NOW }).trades);

const opening = (quantity: string, at: string): HoldingTransaction => ({
  id: 'opening',
  kind: 'buy',
  at,
  quantity,
  pricePerCoin: '100',
  fee: '0',
  note: null,
});
const holding = (
  symbol: string,
  transactions: HoldingTransaction[],
  openingIds = ['opening'],
): PreviewHolding => ({
  id: `h-${symbol}`,
  symbol,
  name: symbol,
  coingeckoId: null,
  transactions,
  openingIds,
});
const history = plan(
  'T1,O1,XXBTZUSD,2024-01-05 10:00:00,buy,limit,40000,40000,0,1,0,,',
  'T2,O2,XXBTZUSD,2024-03-05 10:00:00,sell,limit,60000,15000,0,0.25,0,,',
);

describe('trade import preview', () => {
  it('shows a hand-entered opening balance dated after the history as counted twice unless replaced', () => {
    const held = holding('BTC', [opening('0.75', '2026-12-06T09:00:00.000Z')]);
    const kept = previewTradeGroups({ plan: history, holdings: [held], room: 10, fullReason: 'full' });
    expect(kept.coins).toEqual([
      {
        symbol: 'BTC',
        name: 'BTC',
        holdingId: 'h-BTC',
        target: 'existing',
        before: '0.75',
        after: '1.5',
        add: 2,
        fail: 0,
        opening: {
          quantity: '0.75',
          at: '2026-12-06T09:00:00.000Z',
          replaced: false,
          afterKeeping: '1.5',
          afterReplacing: '0.75',
        },
      },
    ]);
    const replaced = previewTradeGroups({
      plan: history,
      holdings: [held],
      room: 10,
      fullReason: 'full',
      replaceOpening: ['btc'],
    });
    expect(replaced.coins[0]).toMatchObject({ after: '0.75', opening: { replaced: true } });
  });

  it('does not call an opening balance dated before the imported history an overlap', () => {
    const held = holding('BTC', [opening('2', '2023-06-01T00:00:00.000Z')]);
    const { coins } = previewTradeGroups({
      plan: history,
      holdings: [held],
      room: 10,
      fullReason: 'full',
      replaceOpening: true,
    });
    expect(coins[0]).toMatchObject({ before: '2', after: '2.75', opening: null });
  });

  it('counts rows a replaced opening would leave short as failures, with why', () => {
    // Without the opening's 5 coins, the imported sale of 3 has only the imported 1 to come out of.
    const sale = plan(
      'T1,O1,XXBTZUSD,2024-01-05 10:00:00,buy,limit,40000,40000,0,1,0,,',
      'T9,O9,XXBTZUSD,2024-03-05 10:00:00,sell,limit,60000,180000,0,3,0,,',
    );
    const held = holding('BTC', [opening('5', '2024-02-01T00:00:00.000Z')]);
    const input = { plan: sale, holdings: [held], room: 10, fullReason: 'full' };
    expect(previewTradeGroups(input).coins[0]).toMatchObject({ after: '3', add: 2, fail: 0 });
    const replaced = previewTradeGroups({ ...input, replaceOpening: true });
    expect(replaced.coins[0]).toMatchObject({ after: '1', add: 1, fail: 1 });
    expect(replaced.failures).toEqual([
      { row: 3, symbol: 'BTC', reason: 'You held 1 on 2024-03-05 10:00 UTC, so you cannot sell 3.' },
    ]);
  });

  it('plans new holdings within the room left, and refuses the rest with the reason', () => {
    const two = plan(
      'T1,O1,XXBTZUSD,2024-01-05 10:00:00,buy,limit,40000,40000,0,1,0,,',
      'T3,O3,XETHZUSD,2024-02-01 10:00:00,buy,limit,2000,4000,0,2,0,,',
    );
    const { coins, failures } = previewTradeGroups({ plan: two, holdings: [], room: 1, fullReason: 'full' });
    expect(coins.map((c) => [c.symbol, c.target, c.before, c.after])).toEqual([
      ['BTC', 'new', '0', '1'],
      ['ETH', 'refused', '0', '0'],
    ]);
    expect(failures).toEqual([{ row: 3, symbol: 'ETH', reason: 'full' }]);
  });

  it('takes the choice of coins case-insensitively, and no choice as keeping', () => {
    expect(replacesOpening(['eth', 'Btc'], 'BTC')).toBe(true);
    expect(replacesOpening(['ETH'], 'BTC')).toBe(false);
    expect(replacesOpening(undefined, 'BTC')).toBe(false);
    expect(replacesOpening(true, 'BTC')).toBe(true);
    expect(overlappingOpenings([{ at: '2024-01-01T00:00:00Z' }], undefined)).toEqual([]);
  });
});
