/**
 * The per-route floors of bench:api: plain node:http doing only each route's essential work, over the
 * same database through the same driver as the server. /portfolio runs the two queries GET /api/portfolio
 * runs (the signed-in user by subject, then the holdings with their prices) and JSON.stringify of the
 * rows; /prices writes the JSON of the asked prices, encoded once at start. Started as its own process on
 * the bench's data (PGlite allows one process at a time, so never beside the server); prints its port.
 * Env: DATA_DIR, DATABASE_URL (Postgres), SUBJECT (the seeded user's), PRICE_IDS (comma-separated).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, ensureUser, listHoldings, loadLatestPrices } from '@coinpace/db';
import type { PriceMap } from '@coinpace/domain';

const database = await connect({ dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL });
const { db } = database;
const subject = process.env.SUBJECT!;
const ids = (process.env.PRICE_IDS ?? '').split(',');
const stored = await loadLatestPrices(db, ids);
const prices: PriceMap = {};
for (const id of ids) if (stored[id]) prices[id] = stored[id].quote;
const pricesBody = Buffer.from(JSON.stringify(prices));
const json = { 'Content-Type': 'application/json; charset=utf-8' };

const server = createServer((req, res) => {
  if (req.url?.startsWith('/prices')) {
    res.writeHead(200, { ...json, 'Content-Length': pricesBody.length });
    res.end(pricesBody);
    return;
  }
  void (async () => {
    const user = await ensureUser(db, subject);
    const body = JSON.stringify(await listHoldings(db, user.id));
    res.writeHead(200, { ...json, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  })().catch(() => {
    res.writeHead(500);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
