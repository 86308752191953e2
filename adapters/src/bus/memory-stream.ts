/**
 * One in-memory stream with Redis Stream semantics: increasing `<ms>-<seq>` ids, trimming to a
 * length, consumer groups with a last-delivered id and a pending-entries list per group.
 */
import { compareEntryIds } from './codec.ts';
import type { ConsumerSource } from './consumer-loop.ts';
import type { StreamEntry } from './port.ts';

interface PendingEntry {
  consumer: string;
  /** Clock time of the latest delivery, ms. */
  deliveredAt: number;
  deliveries: number;
}

interface Group {
  lastDeliveredId: string;
  pending: Map<string, PendingEntry>;
}

class MissingGroupError extends Error {}

export class MemoryStream {
  private readonly ids: string[] = [];
  private readonly json = new Map<string, string>();
  private readonly groups = new Map<string, Group>();
  private readonly waiters = new Set<() => void>();
  private lastMs = 0;
  private seq = 0;

  constructor(private readonly now: () => number) {}

  append(json: string, maxLen: number): string {
    const ms = Math.max(this.now(), this.lastMs);
    this.seq = ms === this.lastMs ? this.seq + 1 : 0;
    this.lastMs = ms;
    const id = `${ms}-${this.seq}`;
    this.ids.push(id);
    this.json.set(id, json);
    if (this.ids.length > maxLen) {
      for (const gone of this.ids.splice(0, this.ids.length - maxLen)) this.json.delete(gone);
    }
    for (const wake of [...this.waiters]) wake();
    return id;
  }

  pendingCount(group: string): number {
    return this.groups.get(group)?.pending.size ?? 0;
  }

  /** The primitives one consumer of `groupName` needs (see consumer-loop.ts). */
  source(
    groupName: string,
    consumer: string,
    claimIdleMs: number,
    startAt: 'earliest' | 'latest',
  ): ConsumerSource {
    let interrupted = false;
    let interruptWait: (() => void) | undefined;
    const group = (): Group => {
      const found = this.groups.get(groupName);
      if (!found) throw new MissingGroupError(groupName);
      return found;
    };
    const take = (batch: number): StreamEntry[] => {
      const g = group();
      const fresh = this.idsAfter(g.lastDeliveredId, batch);
      const last = fresh.at(-1);
      if (last) g.lastDeliveredId = last;
      const deliveredAt = this.now();
      return fresh.map((id) => {
        g.pending.set(id, { consumer, deliveredAt, deliveries: 1 });
        return { id, payload: JSON.parse(this.json.get(id)!), deliveries: 1 };
      });
    };

    return {
      ensureGroup: async () => {
        if (this.groups.has(groupName)) return;
        const lastDeliveredId = startAt === 'latest' ? (this.ids.at(-1) ?? '0-0') : '0-0';
        this.groups.set(groupName, { lastDeliveredId, pending: new Map() });
      },
      claimIdle: async (batch) => {
        const g = group();
        const t = this.now();
        const idle = [...g.pending.entries()]
          .filter(([, p]) => t - p.deliveredAt >= claimIdleMs)
          .sort(([a], [b]) => compareEntryIds(a, b));
        const claimed: StreamEntry[] = [];
        for (const [id, p] of idle) {
          if (claimed.length === batch) break;
          const json = this.json.get(id);
          // Trimmed away while pending: nothing left to deliver (Redis drops it from the PEL too).
          if (json === undefined) {
            g.pending.delete(id);
            continue;
          }
          p.consumer = consumer;
          p.deliveredAt = t;
          p.deliveries += 1;
          claimed.push({ id, payload: JSON.parse(json), deliveries: p.deliveries });
        }
        return claimed;
      },
      readNew: async (batch, blockMs) => {
        const now = take(batch);
        if (now.length > 0 || interrupted) return now;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.waiters.delete(done);
            interruptWait = undefined;
            resolve();
          };
          const timer = setTimeout(done, blockMs);
          this.waiters.add(done);
          interruptWait = done;
        });
        return interrupted ? [] : take(batch);
      },
      ack: async (id) => {
        this.groups.get(groupName)?.pending.delete(id);
      },
      interrupt: () => {
        interrupted = true;
        interruptWait?.();
      },
      close: async () => {},
      isMissingGroup: (err) => err instanceof MissingGroupError,
    };
  }

  private idsAfter(id: string, limit: number): string[] {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareEntryIds(this.ids[mid]!, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return this.ids.slice(lo, lo + limit);
  }
}
