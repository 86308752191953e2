import type { AppDb } from '../connect.ts';

/**
 * A prepared drizzle query per database handle (or transaction), made on first use: its SQL is built
 * once instead of on every call.
 */
export function preparedPerDb<Q>(prepare: (db: AppDb) => Q): (db: AppDb) => Q {
  const prepared = new WeakMap<AppDb, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
