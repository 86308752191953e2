import { describe, expect, it } from 'vitest';
import { greeting, selectionLabel } from './messages.ts';

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
});
