/** What the alert benchmark takes from the db package, in one place. */
export { alerts, connect, latestPrices, rowsOf, type AppDb } from '@coinpace/db';
export { eq, inArray } from 'drizzle-orm';
