/**
 * What the account screen tells of a first sync's reach (domain FIRST_SYNC_REACH) names exactly the
 * exchanges whose trade history is served only so far back, and the span each serves.
 */
import { FIRST_SYNC_REACH, firstSyncReach } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { TRADE_WINDOWS } from './ccxt-windowed.ts';

const DAY = 86_400_000;

/** The span `backMs` covers as the words say it. */
function spanInWords(backMs: number): string {
  const days = Math.round(backMs / DAY);
  if (days % 365 === 0) return days === 365 ? 'last 12 months' : `last ${days / 365} years`;
  return `last ${Math.round(days / 30)} months`;
}

describe('the first sync reach shown on an account', () => {
  it('is told for every exchange with a limited trade history, and only for those', () => {
    expect(Object.keys(FIRST_SYNC_REACH).sort()).toEqual(Object.keys(TRADE_WINDOWS).sort());
    expect(firstSyncReach('binance')).toBeNull();
    expect(firstSyncReach('kraken')).toBeNull();
    expect(firstSyncReach('toString')).toBeNull();
  });

  it.each(Object.entries(TRADE_WINDOWS))('%s: names the span the exchange serves', (exchange, spec) => {
    expect(firstSyncReach(exchange)).toContain(`trades of the ${spanInWords(spec.backMs)}`);
  });
});
