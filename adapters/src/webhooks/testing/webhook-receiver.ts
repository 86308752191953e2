/**
 * Test support: a webhook receiver on 127.0.0.1 that keeps every request and answers with the status the
 * test sets (200 by default), as a user's endpoint would.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook`. */
  url: string;
  received: ReceivedWebhook[];
  /** The status every following request is answered with. */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  onRequest?: (req: ReceivedWebhook) => number | undefined,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(hook);
      res.statusCode = onRequest?.(hook) ?? status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith(next) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
