/**
 * The body limit nginx enforces in front of the API is the API's own largest (a trade-history import):
 * deploy/nginx.conf, run by Debian's nginx with a local stand-in for the API behind it, passes a body of
 * exactly that size through and answers a larger one with 413 itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGEST_API_BODY, findNginx, prepareNginx } from './nginx.ts';

const nginx = findNginx();

/** A port free now, for nginx to listen on (nginx cannot be asked for an ephemeral one and tell it back). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.runIf(nginx)('nginx in front of the API', () => {
  let upstream: Server;
  let proxy: ChildProcess;
  let dir: string;
  let url: string;
  /** Body sizes the stand-in API received, in order. */
  const received: number[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        received.push(size);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ size }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const api = (upstream.address() as AddressInfo).port;
    const port = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), 'coinpace-nginx-body-'));
    const [command, ...args] = await prepareNginx(nginx!, dir, {
      listen: [`127.0.0.1:${port}`],
      upstreams: { api, 'gateway-1': api, 'gateway-2': api },
    });
    proxy = spawn(command!, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 10_000;
    for (;;) {
      const up = await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (Date.now() > until) throw new Error('nginx did not start listening within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const post = (bytes: number) =>
    fetch(`${url}/api/portfolio/import-trades`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(bytes, 0x20),
    });

  it('passes a body of the API’s largest limit through to the API', async () => {
    received.length = 0;
    const answer = await post(LARGEST_API_BODY);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ size: LARGEST_API_BODY });
    expect(received).toEqual([LARGEST_API_BODY]);
  });

  it('refuses one byte more with 413, without the API seeing it', async () => {
    received.length = 0;
    const answer = await post(LARGEST_API_BODY + 1);
    expect(answer.status).toBe(413);
    expect(received).toEqual([]);
  });
});
