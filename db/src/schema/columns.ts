import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Quantities and prices: exact decimals, returned as strings (STYLE.md, Money). */
export const decimal = () => numeric({ precision: 38, scale: 18 });
/** A point in time, with zone, as a JS Date. */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () =>
  instant()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
