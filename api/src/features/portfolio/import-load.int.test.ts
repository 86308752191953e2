/**
 * Imports under load (Postgres): four accounts send a 20,000-row trade history each, at once, while
 * another user keeps reading their portfolio. The imports run as jobs, one at a time, reading in slices;
 * the other user's requests keep their latency (95th percentile under 100 ms) and every import ends with
 * all its rows. Run alone (the serial project): its bound is the behaviour under test, not a benchmark.
 */
import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../testing/harness.ts';
import {
  holdThreeCoins,
  importTradesToEnd,
  krakenExport,
  percentile,
  portfolioReadsDuring,
} from '../../testing/trade-imports.ts';

const databaseUrl = process.env.DATABASE_URL;
const ROWS = 20_000;
const IMPORTERS = 4;

describe.runIf(databaseUrl)('four 20,000-row imports at once on Postgres', () => {
  it("leave another user's portfolio reads under 100 ms at the 95th percentile", async () => {
    const api = await startTestApi('postgres');
    try {
      const reader = await api.signUp();
      await holdThreeCoins(api, reader.token);
      const importers = await Promise.all(Array.from({ length: IMPORTERS }, () => api.signUp()));
      const files = importers.map((_, i) => krakenExport(i, ROWS));

      const { result: answers, times } = await portfolioReadsDuring(api, reader.token, () =>
        Promise.all(importers.map((user, i) => importTradesToEnd(api, user.token, files[i]!, 600_000))),
      );

      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ read: ROWS, added: ROWS, failed: 0 });
      }
      expect(times.length).toBeGreaterThan(50);
      const p95 = percentile(times, 95);
      expect(p95, `p95 ${p95.toFixed(1)} ms over ${times.length} reads`).toBeLessThan(100);
    } finally {
      await api.close();
    }
  }, 900_000);
});
