import { describe, expect, it } from 'vitest';
import { waitFor } from '../wait-for.ts';
import { createMemoryBus } from './memory-bus.ts';
import type { StreamEntry } from './port.ts';

// What only the in-process bus can promise exactly; Redis trims approximately (MAXLEN ~).
describe('in-process bus streams', () => {
  it('trims a stream to maxLen, oldest first', async () => {
    const bus = createMemoryBus({ streamMaxLen: 3 });
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await bus.append('s', n));
    const got: StreamEntry[] = [];
    const c = bus.consume('s', 'g', 'c', async (e) => void got.push(e), { blockMs: 20 });
    await waitFor(() => got.length === 3);
    expect(got.map((e) => [e.id, e.payload])).toEqual([
      [ids[2], 2],
      [ids[3], 3],
      [ids[4], 4],
    ]);
    await bus.append('s', 5, { maxLen: 1 });
    await waitFor(() => got.length === 4);
    await c.stop();
    await bus.close();
  });

  it('forgets a pending entry that was trimmed away instead of redelivering it', async () => {
    let t = 1_000;
    const bus = createMemoryBus({ now: () => t });
    const attempts: unknown[] = [];
    const c = bus.consume(
      's',
      'g',
      'c',
      async (e) => {
        attempts.push(e.payload);
        if (e.payload === 'old') throw new Error('fails');
      },
      { claimIdleMs: 100, blockMs: 20 },
    );
    await bus.append('s', 'old');
    await waitFor(() => attempts.length === 1);
    await bus.append('s', 'new', { maxLen: 1 });
    await waitFor(() => attempts.length === 2);
    expect(await bus.pendingCount('s', 'g')).toBe(1);
    t += 200;
    await waitFor(async () => (await bus.pendingCount('s', 'g')) === 0);
    expect(attempts).toEqual(['old', 'new']);
    await c.stop();
    await bus.close();
  });

  it('gives increasing ids even when the clock stands still or goes back', async () => {
    let t = 5_000;
    const bus = createMemoryBus({ now: () => t });
    const a = await bus.append('s', 1);
    const b = await bus.append('s', 2);
    t = 4_000;
    const c = await bus.append('s', 3);
    expect([a, b, c]).toEqual(['5000-0', '5000-1', '5000-2']);
    await bus.close();
  });
});
