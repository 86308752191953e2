/**
 * One client address may hold only so many price streams open; another address
 * still gets one, and a closed stream frees its place.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createTestBus, waitFor, type TestBus } from '@coinpace/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../context.ts';
import { createLogger } from '../../logger.ts';
import { errorHandler } from '../../middleware/errors.ts';
import { requestContext } from '../../middleware/request-context.ts';
import { priceStream } from './stream.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';
import { TickRelay } from './tick-relay.ts';

describe('price streams per client address', () => {
  let bus: TestBus;
  let server: Server;
  let url: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    bus = await createTestBus('memory');
    const app = new Koa<AppState>();
    app.silent = true;
    // The address comes from X-Forwarded-For here, so one test can be several clients.
    app.proxy = true;
    app.use(requestContext(createLogger('silent')));
    app.use(errorHandler());
    app.use(
      priceStream({
        relay: new TickRelay(bus),
        read: async () => ({}),
        known: async (ids) => new Set(ids),
        maxPerAddress: 2,
      }),
    );
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?ids=bitcoin`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await bus?.close();
  });

  async function from(address: string): Promise<SseClient> {
    const stream = await openSse(url, { 'x-forwarded-for': address });
    streams.push(stream);
    return stream;
  }

  it('answers 429 past the cap for one address while another address gets a stream', async () => {
    const first = await from('198.51.100.1');
    expect(first.status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(200);
    const refused = await from('198.51.100.1');
    expect(refused.status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(200);

    first.close();
    await waitFor(async () => (await from('198.51.100.1')).status === 200, {
      what: 'a place freed for 198.51.100.1',
    });
  });
});
