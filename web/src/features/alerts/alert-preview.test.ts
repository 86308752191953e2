import { moneyIn, type HoldingRow } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { emptyForm, type AlertForm } from './alert-form.ts';
import { previewAlert } from './alert-preview.ts';

const holding = (over: Partial<HoldingRow>): HoldingRow => ({
  id: 'h1',
  coinId: 'solana',
  coingeckoId: 'solana',
  symbol: 'SOL',
  name: 'Solana',
  quantity: '10',
  purchasePrice: '95.4',
  currentPrice: 190.8,
  change24h: 0,
  gainLoss: 0,
  address: null,
  image: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});
const form = (over: Partial<AlertForm>): AlertForm => ({ ...emptyForm(), ...over });

describe('the alert preview when the condition already holds', () => {
  it('says a gain alert on a coin already far up fires at the next update, never a trigger below the price', () => {
    const preview = previewAlert(form({ holdings: ['h1'], kind: 'percentage', value: '5' }), [holding({})]);
    expect(preview.lines).toEqual([
      'SOL: already +100.00% from its purchase price of $95.40 (past +5%), so it fires at the next price update.',
    ]);
    expect(preview.holdsNow).toEqual(['SOL']);
    expect(preview.lines.join()).not.toMatch(/-\d+\.\d+% from now/);
  });

  it('says so for price alerts, losses, all coins and the whole portfolio', () => {
    const sol = holding({});
    const down = holding({
      id: 'h2',
      symbol: 'ADA',
      coingeckoId: 'cardano',
      purchasePrice: '1',
      currentPrice: 0.5,
    });
    expect(previewAlert(form({ holdings: ['h1'], value: '150' }), [sol]).lines).toEqual([
      'SOL: already above $150.00 (now $190.80), so it fires at the next price update.',
    ]);
    expect(
      previewAlert(form({ holdings: ['h2'], kind: 'percentage', condition: 'below', value: '20' }), [down])
        .lines,
    ).toEqual([
      'ADA: already -50.00% from its purchase price of $1.00 (past -20%), so it fires at the next price update.',
    ]);
    const all = previewAlert(form({ allCoins: true, value: '10' }), [sol, down]);
    expect(all.lines[1]).toBe('Already past it now: SOL +100.00%, so it fires at the next price update.');
    expect(all.holdsNow).toEqual(['SOL']);
    const whole = previewAlert(form({ wholePortfolio: true, value: '10' }), [sol]);
    expect(whole.lines).toEqual([
      'Whole portfolio: already worth $1,908.00, +100.00% on the $954.00 you paid (past +10%), so it fires at the next price update.',
    ]);
    expect(whole.holdsNow).toEqual(['Whole portfolio']);
  });

  it('shows the move still needed, with the right sign, when the condition does not hold yet', () => {
    const sol = holding({});
    const gain = previewAlert(form({ holdings: ['h1'], kind: 'percentage', value: '150' }), [sol]);
    expect(gain).toEqual({ lines: ['SOL: fires at $238.50 (+25.00% from now)'], holdsNow: [] });
    const below = previewAlert(form({ holdings: ['h1'], condition: 'below', value: '171.72' }), [sol]);
    expect(below).toEqual({ lines: ['SOL: fires at $171.72 (-10.00% from now)'], holdsNow: [] });
  });
});

describe('the alert preview in the display currency', () => {
  const euro = moneyIn('eur', { eur: 0.5 });

  it('takes the typed price in the display currency and shows every price in it', () => {
    const sol = holding({});
    // $190.80 is €95.40: a price alert at €100 is above it.
    const above = previewAlert(form({ holdings: ['h1'], value: '100' }), [sol], undefined, euro);
    expect(above.lines[0]).toMatch(/^SOL: fires at €100\.00 \(\+4\.8\d% from now\)$/);
    const gain = previewAlert(
      form({ holdings: ['h1'], kind: 'percentage', value: '150' }),
      [sol],
      undefined,
      euro,
    );
    expect(gain.lines).toEqual(['SOL: fires at €119.25 (+25.00% from now)']);
    const whole = previewAlert(form({ wholePortfolio: true, value: '10' }), [sol], undefined, euro);
    expect(whole.lines[0]).toBe(
      'Whole portfolio: already worth €954.00, +100.00% on the €477.00 you paid (past +10%), so it fires at the next price update.',
    );
    const watch = previewAlert(
      form({
        tab: 'watchlist',
        kind: 'price',
        value: '50',
        watchCoin: { id: 'solana', name: 'Solana', symbol: 'SOL', image: null, price: 190.8 },
      }),
      [],
      undefined,
      euro,
    );
    expect(watch.lines).toEqual([
      'SOL: already above €50.00 (now €95.40), so it fires at the next price update.',
    ]);
  });

  it('waits for the rate rather than show dollars under another sign', () => {
    const preview = previewAlert(
      form({ holdings: ['h1'], value: '100' }),
      [holding({})],
      undefined,
      moneyIn('gbp', {}),
    );
    expect(preview).toEqual({
      lines: ['Waiting for the British pound rate to show where the alert fires.'],
      holdsNow: [],
    });
  });
});
