import { describe, expect, it } from 'vitest';
import { coinsAddedText, greeting, selectionLabel } from './messages.ts';

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

  it('counts the selection', () => {
    expect(selectionLabel(2, 5)).toBe('2 of 5 selected');
  });

  it('words the pricing modal line as SPEC.md does, for one coin too', () => {
    expect(coinsAddedText(1)).toBe('1 coin(s) added to your portfolio');
    expect(coinsAddedText(3)).toBe('3 coin(s) added to your portfolio');
  });
});
