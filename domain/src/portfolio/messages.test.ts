import { describe, expect, it } from 'vitest';
import { moneyIn } from '../format/currency.ts';
import {
  coinsAddedText,
  greeting,
  heldCoinHint,
  plainQuantity,
  recordedBuyNotice,
  selectionLabel,
} from './messages.ts';

describe('portfolio texts', () => {
  it.each([
    ['Ada', 'Welcome back, Ada!'],
    ['  Ada ', 'Welcome back, Ada!'],
    ['', 'Welcome back, Crypto Trader!'],
    [null, 'Welcome back, Crypto Trader!'],
    [undefined, 'Welcome back, Crypto Trader!'],
  ])('greets %j', (name, text) => {
    expect(greeting(name)).toBe(text);
  });

  it('welcomes a user on their first visit, not back', () => {
    expect(greeting('Ada', true)).toBe('Welcome, Ada!');
    expect(greeting(null, true)).toBe('Welcome, Crypto Trader!');
  });

  it('counts the selection', () => {
    expect(selectionLabel(2, 5)).toBe('2 of 5 selected');
  });

  it('words the pricing modal line as SPEC.md does, for one coin too', () => {
    expect(coinsAddedText(1)).toBe('1 coin(s) added to your portfolio');
    expect(coinsAddedText(3)).toBe('3 coin(s) added to your portfolio');
  });
});

describe('recorded buy texts', () => {
  it('keeps every digit of a quantity, grouped, without trailing zeros', () => {
    expect(plainQuantity('1500.50')).toBe('1,500.5');
    expect(plainQuantity('0.000000010')).toBe('0.00000001');
    expect(plainQuantity('1234567.000')).toBe('1,234,567');
    expect(plainQuantity('007')).toBe('7');
  });
  it('says what was bought, what is held and at what average cost', () => {
    expect(recordedBuyNotice('btc', '0.5', '1.5', '41000', moneyIn('eur', { eur: 0.9 }))).toBe(
      'Recorded a buy of 0.5 BTC. You now hold 1.5 BTC at an average cost of €36,900.00.',
    );
    expect(recordedBuyNotice('btc', '0.5', '1.500000000000000000', '41000')).toBe(
      'Recorded a buy of 0.5 BTC. You now hold 1.5 BTC at an average cost of $41,000.00.',
    );
    expect(heldCoinHint('eth', '2.25')).toBe('Held: 2.25 ETH — adding records a buy');
  });
});
