/**
 * A stream's place in a history read by time: the instant of the last entry read and the ids read at it,
 * so entries sharing that instant are neither lost nor read twice. Kept in the cursor under the stream's
 * key (the instant) and `<key>#ids`.
 */
import type { SyncCursor } from './port.ts';

export interface Boundary {
  /** Milliseconds of the last entry read (inclusive start of the next read). */
  from: number | undefined;
  /** Ids already read at `from`. */
  ids: Set<string>;
}

export function boundary(cursor: SyncCursor, key: string): Boundary {
  const from = cursor[key];
  const ids = cursor[`${key}#ids`];
  return {
    from: from === undefined ? undefined : Number(from),
    ids: new Set(typeof ids === 'string' && ids !== '' ? ids.split(',') : []),
  };
}

export function setBoundary(cursor: SyncCursor, key: string, b: Boundary): void {
  if (b.from === undefined) delete cursor[key];
  else cursor[key] = b.from;
  if (b.ids.size === 0) delete cursor[`${key}#ids`];
  else cursor[`${key}#ids`] = [...b.ids].join(',');
}

export interface Stamped {
  id?: string | undefined;
  timestamp?: number | undefined;
}

/** Oldest first, leaving out what was read before the boundary or at it. */
export function fresh<T extends Stamped>(items: T[], b: Boundary): T[] {
  return items
    .filter((item) => item.id !== undefined && item.timestamp !== undefined)
    .sort((x, y) => (x.timestamp ?? 0) - (y.timestamp ?? 0))
    .filter((item) => {
      const at = item.timestamp ?? 0;
      if (b.from === undefined || at > b.from) return true;
      return at === b.from && !b.ids.has(item.id ?? '');
    });
}

/** The boundary after reading `read` (oldest first) from `b`. */
export function after(b: Boundary, read: Stamped[]): Boundary {
  const last = read.at(-1)?.timestamp;
  if (last === undefined) return b;
  const ids = new Set(last === b.from ? b.ids : []);
  for (const item of read) if (item.timestamp === last && item.id) ids.add(item.id);
  return { from: last, ids };
}
