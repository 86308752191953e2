/**
 * A counting HTTP proxy in front of one JSON-RPC node (an anvil): every POST is passed on as it is and
 * answered with the node's reply, and the requests and the JSON-RPC calls in them (a batch counts each
 * call) are counted, so the benchmark can say how many a wallet refresh costs a chain's node.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** HTTP requests passed on. */
  readonly requests: number;
  /** JSON-RPC calls by method. */
  readonly calls: Map<string, number>;
  /** When the first and the last request came (Date.now()), or 0. */
  readonly span: { first: number; last: number };
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  let requests = 0;
  const calls = new Map<string, number>();
  const span = { first: 0, last: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests += 1;
      span.first ||= Date.now();
      span.last = Date.now();
      try {
        const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = call.method ?? '?';
          calls.set(method, (calls.get(method) ?? 0) + 1);
        }
      } catch {
        calls.set('(unparsable)', (calls.get('(unparsable)') ?? 0) + 1);
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    calls,
    span,
    reset() {
      requests = 0;
      span.first = 0;
      span.last = 0;
      calls.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
