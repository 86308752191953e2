import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form-body.ts';

describe('parseStripeForm', () => {
  it('reads flat keys, decoding values', () => {
    expect(
      parseStripeForm('email=a%40b.c&mode=subscription&success_url=http%3A%2F%2Fx%2F%3Fs%3D%7BID%7D'),
    ).toEqual({
      email: 'a@b.c',
      mode: 'subscription',
      success_url: 'http://x/?s={ID}',
    });
  });

  it('nests objects and arrays in bracket notation', () => {
    const body =
      'metadata[userId]=u1&metadata[planId]=pro&line_items[0][price]=price_pro&line_items[0][quantity]=1&items[1][id]=si_2&items[0][id]=si_1';
    expect(parseStripeForm(encodeURI(body))).toEqual({
      metadata: { userId: 'u1', planId: 'pro' },
      line_items: [{ price: 'price_pro', quantity: '1' }],
      items: [{ id: 'si_1' }, { id: 'si_2' }],
    });
  });

  it('reads encoded brackets and deep nesting', () => {
    expect(
      parseStripeForm('subscription_data%5Bmetadata%5D%5BuserId%5D=u1&expand%5B%5D=a&expand%5B%5D=b'),
    ).toEqual({
      subscription_data: { metadata: { userId: 'u1' } },
      expand: ['a', 'b'],
    });
  });

  it('keeps empty values and ignores empty keys', () => {
    expect(parseStripeForm('description=&=x&a')).toEqual({ description: '', a: '' });
  });

  it('does not let a key reach the object prototype', () => {
    const parsed = parseStripeForm(
      '__proto__[polluted]=1&metadata[__proto__][x]=1&constructor[prototype][y]=1',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['metadata']);
    expect(parsed.metadata).toEqual({});
  });

  it('parses an empty body to an empty object', () => {
    expect(parseStripeForm('')).toEqual({});
  });
});
