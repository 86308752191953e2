import { describe, expect, it } from 'vitest';
import { memoizeQuery } from './query-memo.ts';

describe('memoizeQuery', () => {
  const counting = () => {
    const parsed: string[] = [];
    const parse = (query: string) => {
      parsed.push(query);
      if (query.includes('bad')) throw new Error(`bad query ${query}`);
      return Object.freeze(query.split(','));
    };
    return {
      parsed,
      memo: (options?: Parameters<typeof memoizeQuery>[0]) => {
        const memo = memoizeQuery<readonly string[]>(options);
        return (query: string) => memo(query, () => parse(query));
      },
    };
  };

  it('parses a query string once and hands back the same value after', () => {
    const { parsed, memo } = counting();
    const ids = memo();
    const first = ids('a,b');
    expect(ids('a,b')).toBe(first);
    expect(first).toEqual(['a', 'b']);
    expect(ids('b,a')).toEqual(['b', 'a']);
    expect(parsed).toEqual(['a,b', 'b,a']);
  });

  it('keeps no failure: a bad query throws every time', () => {
    const { parsed, memo } = counting();
    const ids = memo();
    expect(() => ids('bad')).toThrow('bad query bad');
    expect(() => ids('bad')).toThrow('bad query bad');
    expect(parsed).toEqual(['bad', 'bad']);
  });

  it('drops the oldest query past maxEntries', () => {
    const { parsed, memo } = counting();
    const ids = memo({ maxEntries: 2 });
    ids('a');
    ids('b');
    ids('c');
    ids('c');
    ids('b');
    expect(parsed).toEqual(['a', 'b', 'c']);
    ids('a');
    expect(parsed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('parses a query longer than maxKeyLength every time', () => {
    const { parsed, memo } = counting();
    const ids = memo({ maxKeyLength: 3 });
    ids('abc');
    ids('abc');
    ids('abcd');
    ids('abcd');
    expect(parsed).toEqual(['abc', 'abcd', 'abcd']);
  });
});
