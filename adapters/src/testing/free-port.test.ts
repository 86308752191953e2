import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canBind, ephemeralPortStart, freePort } from './free-port.ts';

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('freePort', () => {
  it('chooses ports below the ephemeral range that a server can then listen on', async () => {
    const start = ephemeralPortStart();
    for (let i = 0; i < 20; i += 1) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(start);
      const server = createServer();
      open.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, () => resolve());
      });
    }
  });

  it('says a port somebody listens on cannot be bound', async () => {
    const server = createServer();
    open.push(server);
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    expect(await canBind(port)).toBe(false);
  });
});
