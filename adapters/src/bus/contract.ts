/**
 * The one contract suite of the bus port, run against every implementation (bus.contract.test.ts).
 * Time moves through `advance`: the in-process bus gets a controllable clock, the Redis bus really waits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../recording-logger.ts';
import { waitFor } from '../wait-for.ts';
import { compareEntryIds } from './codec.ts';
import type { Logger } from '../logger.ts';
import type { Bus, Consumer, StreamEntry } from './port.ts';
import type { TestBus } from './testing.ts';

export interface BusContractTarget {
  name: string;
  /** A fresh bus in its own namespace; its clock is the one `advance` moves. */
  open(now: () => number, logger?: Logger): Promise<TestBus>;
  /** Lets `ms` of bus time pass. */
  advance(ms: number, clock: { t: number }): Promise<void>;
}

export function runBusContract(target: BusContractTarget): void {
  describe(`bus contract: ${target.name}`, () => {
    let bus: TestBus;
    const clock = { t: Date.now() };
    const advance = (ms: number) => target.advance(ms, clock);
    const consumers: Consumer[] = [];
    // Run before consumers stop, e.g. to let a deliberately stuck handler finish even when a test fails.
    const cleanups: (() => void)[] = [];
    const consume = (...args: Parameters<Bus['consume']>) => {
      const c = bus.consume(...args);
      consumers.push(c);
      return c;
    };

    beforeEach(async () => {
      clock.t = Date.now();
      bus = await target.open(() => clock.t);
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      await Promise.all(consumers.splice(0).map((c) => c.stop()));
      await bus.close();
    });

    describe('pub/sub', () => {
      it('delivers each message to every subscriber, local and in another process, as JSON', async () => {
        const peer = await bus.peer();
        const a: unknown[] = [];
        const b: unknown[] = [];
        const c: unknown[] = [];
        await bus.subscribe('ticks', (p) => a.push(p));
        await bus.subscribe('ticks', (p) => b.push(p));
        await peer.subscribe('ticks', (p) => c.push(p));
        const at = new Date('2025-01-02T03:04:05.000Z');
        await bus.publish('ticks', { coin: 'bitcoin', usd: 100001.5, at, gone: undefined });
        const expected = { coin: 'bitcoin', usd: 100001.5, at: '2025-01-02T03:04:05.000Z' };
        await waitFor(() => a.length === 1 && b.length === 1 && c.length === 1);
        expect([a[0], b[0], c[0]]).toEqual([expected, expected, expected]);
      });

      it('keeps publish order and does not deliver other topics', async () => {
        const got: unknown[] = [];
        await bus.subscribe('ticks', (p) => got.push(p));
        await bus.publish('other', { n: -1 });
        for (let n = 0; n < 20; n += 1) await bus.publish('ticks', { n });
        await waitFor(() => got.length === 20);
        expect(got).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
      });

      it('stops delivering to a handler after its unsubscribe, and keeps the others', async () => {
        const peer = await bus.peer();
        const kept: unknown[] = [];
        const dropped: unknown[] = [];
        const remote: unknown[] = [];
        await bus.subscribe('ticks', (p) => kept.push(p));
        const unsubscribe = await bus.subscribe('ticks', (p) => dropped.push(p));
        const unsubscribeRemote = await peer.subscribe('ticks', (p) => remote.push(p));
        await bus.publish('ticks', 1);
        await waitFor(() => kept.length === 1 && dropped.length === 1 && remote.length === 1);
        await unsubscribe();
        await unsubscribeRemote();
        await bus.publish('ticks', 2);
        await waitFor(() => kept.length === 2);
        // Handlers of one bus see a message together, so the dropped one would have it by now.
        expect(dropped).toEqual([1]);
        const again: unknown[] = [];
        await peer.subscribe('ticks', (p) => again.push(p));
        await bus.publish('ticks', 3);
        await waitFor(() => again.length === 1 && kept.length === 3);
        expect(remote).toEqual([1]);
        expect(again).toEqual([3]);
      });

      it('keeps delivering to other handlers when one throws', async () => {
        const logger = createRecordingLogger();
        await bus.close();
        bus = await target.open(() => clock.t, logger);
        const got: unknown[] = [];
        await bus.subscribe('ticks', () => {
          throw new Error('boom');
        });
        await bus.subscribe('ticks', (p) => got.push(p));
        await bus.publish('ticks', 'x');
        await bus.publish('ticks', 'y');
        await waitFor(() => got.length === 2);
        expect(got).toEqual(['x', 'y']);
        expect(logger.lines.filter((l) => l.level === 'error')).toHaveLength(2);
      });

      it('rejects payloads JSON cannot carry', async () => {
        await expect(bus.publish('ticks', undefined)).rejects.toThrow(TypeError);
        await expect(bus.append('ticks', () => 1)).rejects.toThrow(TypeError);
      });
    });

    describe('streams', () => {
      it('delivers each entry once per group, across the consumers of the group', async () => {
        const ids: string[] = [];
        for (let n = 0; n < 25; n += 1) ids.push(await bus.append('alerts', { n }));
        expect([...ids].sort(compareEntryIds)).toEqual(ids);
        const peer = await bus.peer();
        const g1: StreamEntry[] = [];
        const g2: StreamEntry[] = [];
        const record = (into: StreamEntry[]) => async (e: StreamEntry) => void into.push(e);
        consumers.push(peer.consume('alerts', 'g1', 'c1', record(g1), { batch: 3, blockMs: 50 }));
        consume('alerts', 'g1', 'c2', record(g1), { batch: 3, blockMs: 50 });
        consume('alerts', 'g2', 'c3', record(g2), { batch: 7, blockMs: 50 });
        for (let n = 25; n < 30; n += 1) ids.push(await bus.append('alerts', { n }));
        await waitFor(() => g1.length >= 30 && g2.length >= 30);
        await waitFor(async () => (await bus.pendingCount('alerts', 'g1')) === 0);
        for (const got of [g1, g2]) {
          expect(got.map((e) => e.id).sort(compareEntryIds)).toEqual(ids);
          expect(got.every((e) => e.deliveries === 1)).toBe(true);
        }
        const byId = new Map(g2.map((e) => [e.id, e.payload]));
        expect(ids.map((id) => byId.get(id))).toEqual(ids.map((_, n) => ({ n })));
        expect(await bus.pendingCount('alerts', 'g2')).toBe(0);
      });

      it("hands a dead consumer's unacknowledged entry to another after claimIdleMs", async () => {
        let releaseDead!: () => void;
        const stuck = new Promise<void>((resolve) => (releaseDead = resolve));
        cleanups.push(() => releaseDead());
        const dead: StreamEntry[] = [];
        const live: StreamEntry[] = [];
        consume('alerts', 'g', 'dead', async (e) => {
          dead.push(e);
          await stuck;
        });
        const id = await bus.append('alerts', { alertId: 'a1' });
        await waitFor(() => dead.length === 1);
        consume('alerts', 'g', 'live', async (e) => void live.push(e), { claimIdleMs: 200, blockMs: 50 });
        expect(await bus.pendingCount('alerts', 'g')).toBe(1);
        await advance(300);
        await waitFor(() => live.length === 1);
        expect(live[0]).toEqual({ id, payload: { alertId: 'a1' }, deliveries: 2 });
        await waitFor(async () => (await bus.pendingCount('alerts', 'g')) === 0);
      });

      it('leaves an entry pending when its handler throws, and redelivers it', async () => {
        const attempts: StreamEntry[] = [];
        consume(
          'alerts',
          'g',
          'c',
          async (e) => {
            attempts.push(e);
            if (attempts.length === 1) throw new Error('SMTP down');
          },
          { claimIdleMs: 200, blockMs: 50 },
        );
        const id = await bus.append('alerts', { alertId: 'a2' });
        await waitFor(() => attempts.length === 1);
        expect(await bus.pendingCount('alerts', 'g')).toBe(1);
        await advance(300);
        await waitFor(() => attempts.length === 2);
        expect(attempts).toEqual([
          { id, payload: { alertId: 'a2' }, deliveries: 1 },
          { id, payload: { alertId: 'a2' }, deliveries: 2 },
        ]);
        await waitFor(async () => (await bus.pendingCount('alerts', 'g')) === 0);
      });

      it('starts a new group at the first entry by default, or after the last with startAt latest', async () => {
        const before = await bus.append('alerts', { n: 1 });
        const earliest: string[] = [];
        const latest: string[] = [];
        const early = consume('alerts', 'early', 'c', async (e) => void earliest.push(e.id), { blockMs: 50 });
        const late = consume('alerts', 'late', 'c', async (e) => void latest.push(e.id), {
          blockMs: 50,
          startAt: 'latest',
        });
        await Promise.all([early.ready(), late.ready()]);
        const after = await bus.append('alerts', { n: 2 });
        await waitFor(() => latest.length === 1 && earliest.length === 2);
        expect(earliest).toEqual([before, after]);
        expect(latest).toEqual([after]);
      });

      it('reports nothing pending for an unknown stream or group', async () => {
        expect(await bus.pendingCount('nothing-here', 'g')).toBe(0);
        await bus.append('alerts', 1);
        expect(await bus.pendingCount('alerts', 'no-group')).toBe(0);
      });

      it('stop() waits for the handler in flight and acknowledges its entry', async () => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        cleanups.push(() => release());
        const started: string[] = [];
        const c = consume('alerts', 'g', 'c', async (e) => {
          started.push(e.id);
          await gate;
        });
        await bus.append('alerts', { n: 1 });
        await waitFor(() => started.length === 1);
        let stopped = false;
        const stopping = c.stop().then(() => (stopped = true));
        // A round trip to the bus: time enough for a stop that does not wait to have finished.
        expect(await bus.pendingCount('alerts', 'g')).toBe(1);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(await bus.pendingCount('alerts', 'g')).toBe(0);
      });
    });

    describe('locks', () => {
      it('is exclusive until released by its holder', async () => {
        const peer = await bus.peer();
        const lock = await bus.acquireLock('poller', 60_000);
        expect(lock?.key).toBe('poller');
        expect(await bus.acquireLock('poller', 60_000)).toBeNull();
        expect(await peer.acquireLock('poller', 60_000)).toBeNull();
        expect(await peer.acquireLock('other', 60_000)).not.toBeNull();
        await lock!.release();
        expect(await peer.acquireLock('poller', 60_000)).not.toBeNull();
      });

      it('expires when its holder stops renewing, and the old holder can neither renew nor release it', async () => {
        const peer = await bus.peer();
        const old = await bus.acquireLock('poller', 300);
        expect(old).not.toBeNull();
        await advance(450);
        const taken = await peer.acquireLock('poller', 60_000);
        expect(taken).not.toBeNull();
        expect(await old!.renew()).toBe(false);
        await old!.release();
        expect(await bus.acquireLock('poller', 60_000)).toBeNull();
        expect(await taken!.renew()).toBe(true);
      });

      it('renew extends the lock by its TTL from now', async () => {
        const lock = await bus.acquireLock('poller', 1_000);
        await advance(600);
        expect(await lock!.renew()).toBe(true);
        await advance(600);
        expect(await bus.acquireLock('poller', 1_000)).toBeNull();
        await advance(700);
        expect(await lock!.renew()).toBe(false);
        expect(await bus.acquireLock('poller', 1_000)).not.toBeNull();
      });

      it('rejects a TTL that is not a positive whole number of ms', async () => {
        await expect(bus.acquireLock('poller', 0)).rejects.toThrow(RangeError);
        await expect(bus.acquireLock('poller', 1.5)).rejects.toThrow(RangeError);
      });
    });

    it('refuses work once closed', async () => {
      expect(bus.isHealthy()).toBe(true);
      await bus.close();
      expect(bus.isHealthy()).toBe(false);
      await expect(bus.publish('ticks', 1)).rejects.toThrow(/closed/);
      bus = await target.open(() => clock.t);
    });
  });
}
