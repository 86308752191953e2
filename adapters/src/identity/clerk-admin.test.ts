import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClerkAdmin } from './clerk-admin.ts';

/** A local server answering Clerk's Backend API route for deleting users. */
let server: Server;
let url: string;
let requests: { method: string; path: string; auth: string | undefined }[];
let known: Set<string>;
let failing = false;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    const id = /^\/v1\/users\/([^/]+)$/.exec(req.url ?? '')?.[1];
    if (failing) {
      res.statusCode = 500;
      res.end(JSON.stringify({ errors: [{ code: 'internal_error', message: 'boom' }] }));
    } else if (req.method === 'DELETE' && id && known.delete(id)) {
      res.end(JSON.stringify({ object: 'user', id, deleted: true }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ errors: [{ code: 'resource_not_found', message: 'not found' }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  known = new Set(['user_2abc']);
  failing = false;
});

describe('Clerk admin (user deletion through @clerk/backend)', () => {
  it('deletes the user with the secret key', async () => {
    await createClerkAdmin({ secretKey: 'sk_test_admin', apiUrl: url }).deleteUser('user_2abc');
    expect(requests).toEqual([
      { method: 'DELETE', path: '/v1/users/user_2abc', auth: 'Bearer sk_test_admin' },
    ]);
    expect(known.has('user_2abc')).toBe(false);
  });

  it('treats an unknown user as already deleted', async () => {
    await expect(
      createClerkAdmin({ secretKey: 'sk_test_admin', apiUrl: url }).deleteUser('user_gone'),
    ).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it('reports Clerk failing as UNAVAILABLE', async () => {
    failing = true;
    await expect(
      createClerkAdmin({ secretKey: 'sk_test_admin', apiUrl: url }).deleteUser('user_2abc'),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
  });
});
