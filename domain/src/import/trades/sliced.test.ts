import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTradeHistory, parseTradeHistorySliced } from './parse.ts';

const FIXTURES = new URL('../../../fixtures/trades/', import.meta.url);
const NOW = Date.parse('2026-01-01T00:00:00Z');

/** A Kraken-style export with quoted cells (commas and a line break inside quotes) across many rows. */
function krakenLike(rows: number): string {
  const lines = [
    '"txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"',
  ];
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      `"T${i}-ABCDE","O${i}","XXBTZUSD","2024-03-${day} 10:00:00.0000","${i % 3 ? 'buy' : 'sell'}","limit","60000.0","600.0","1.2","0.01","0.0","note, with comma\nand a line",""`,
    );
  }
  return lines.join('\n');
}

describe('parseTradeHistorySliced', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.csv'));

  it.each(files)('reads %s exactly as parseTradeHistory does, pausing between slices', async (file) => {
    const text = readFileSync(new URL(file, FIXTURES), 'utf8');
    const pauses: number[] = [];
    const sliced = await parseTradeHistorySliced(text, {
      now: NOW,
      sliceChars: 256,
      pause: async (read) => {
        pauses.push(read);
      },
    });
    expect(sliced).toEqual(parseTradeHistory(text, { now: NOW }));
    expect(pauses.length).toBeGreaterThanOrEqual(Math.floor(text.length / 256));
  });

  it('keeps quoted line breaks and row numbers right across slice boundaries', async () => {
    const text = krakenLike(500);
    const pauses: number[] = [];
    const sliced = await parseTradeHistorySliced(text, {
      now: NOW,
      sliceChars: 1000,
      pause: async (read) => {
        pauses.push(read);
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const whole = parseTradeHistory(text, { now: NOW });
    expect(whole.exchange).toBe('kraken');
    expect(whole.read).toBe(500);
    expect(sliced).toEqual(whole);
    expect(pauses).toEqual([...pauses].sort((a, b) => a - b));
    expect(pauses.length).toBeGreaterThan(50);
  });

  it('rejects when a pause rejects (the caller gave up)', async () => {
    await expect(
      parseTradeHistorySliced(krakenLike(200), {
        now: NOW,
        sliceChars: 500,
        pause: () => Promise.reject(new Error('stopped')),
      }),
    ).rejects.toThrow('stopped');
  });
});
