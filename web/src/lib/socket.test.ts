/**
 * The live connection against a real Socket.IO server on an ephemeral port: when a
 * server disconnects the socket on purpose ('io server disconnect', which Socket.IO never retries by
 * itself), the browser must connect again rather than fall back to polling until a reload.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { TICKER_COIN_IDS, tickerFromPrices } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePrices, watchCoins } from '../features/prices/prices-store.ts';
import { connectionStatus, resetConnection, useConnection } from './connection.ts';
import { startLivePrices, stopLivePrices } from './socket.ts';

let http: HttpServer;
let io: Server;
let url: string;
let connections = 0;

beforeEach(async () => {
  connections = 0;
  http = createServer();
  io = new Server(http, { cors: { origin: '*' } });
  io.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterEach(async () => {
  stopLivePrices();
  resetConnection();
  await io.close();
});

async function until(condition: () => boolean, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('live prices socket', () => {
  it('moves the ticker from the ticker coins in a prices frame, as it moves the watched coins', async () => {
    const quote = (usd: number) => ({ usd, usd_24h_change: 1, last_updated: 1_700_000_000 });
    const ticker = tickerFromPrices(Object.fromEntries(TICKER_COIN_IDS.map((id) => [id, quote(100)])));
    io.on('connection', (socket) => {
      socket.emit('ticker', ticker);
      socket.emit('prices', { ethereum: quote(250), 'some-coin': quote(3) });
    });
    startLivePrices({ url, fallbackAfterMs: 60_000 });
    await until(() => usePrices.getState().prices['some-coin']?.usd === 3, 'the prices frame');
    const shown = usePrices.getState().ticker!;
    expect(shown.map((c) => c.symbol)).toEqual(ticker.map((c) => c.symbol));
    expect(shown[1]).toMatchObject({ symbol: 'ETH', price: 250, changePercent24h: 1 });
    expect(shown[0]).toEqual(ticker[0]);
    expect(usePrices.getState().prices.ethereum?.usd).toBe(250);
  });

  it('asks again for coins a subscribe left out, and stops once they are watched', async () => {
    const asked: string[][] = [];
    const quote = { usd: 7, usd_24h_change: 0, last_updated: 1_700_000_000 };
    io.on('connection', (socket) => {
      socket.on('subscribe', ({ coins }: { coins: string[] }, ack) => {
        asked.push(coins);
        // The gateway could not look the new coin up twice (Postgres busy, say), then finds it.
        const known = asked.length > 2;
        const unknown = known ? [] : coins.filter((id) => id === 'new-coin');
        const latest = known ? { 'new-coin': quote } : {};
        ack(latest, { unknown, overLimit: [], gatewayFull: [] });
      });
    });
    watchCoins(['new-coin']);
    startLivePrices({ url, fallbackAfterMs: 60_000, refusedRetryMs: 100 });
    await until(() => usePrices.getState().prices['new-coin']?.usd === 7, 'the coin watched at last');
    expect(asked).toEqual([['new-coin'], ['new-coin'], ['new-coin']]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toHaveLength(3);
    watchCoins([]);
  });

  it('connects again after the server disconnects it on purpose', async () => {
    startLivePrices({ url, fallbackAfterMs: 60_000 });
    await until(() => connections === 1 && usePrices.getState().connection === 'live', 'first connect');

    io.disconnectSockets(true);
    await until(() => usePrices.getState().connection !== 'live', 'the disconnect');
    await until(() => connections === 2, 'a second connect');
    await until(() => usePrices.getState().connection === 'live', 'live again');
    expect(connections).toBe(2);
  });

  it('connects again after the server closes the transport (a gateway shutting down)', async () => {
    startLivePrices({ url, fallbackAfterMs: 60_000 });
    await until(() => connections === 1 && usePrices.getState().connection === 'live', 'first connect');

    io.engine.close();
    await until(() => connections === 2 && usePrices.getState().connection === 'live', 'live again');
  });

  it("reports the connection: live, then 'Server unreachable' once the server is gone", async () => {
    const status = () => connectionStatus(useConnection.getState());
    startLivePrices({ url, fallbackAfterMs: 60_000 });
    await until(() => status() === 'live', 'live');

    await io.close();
    await until(() => status() !== 'live', 'the lost connection');
    await until(() => status() === 'unreachable', 'the server reported unreachable');
  });
});
