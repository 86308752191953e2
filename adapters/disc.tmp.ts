import { createServer } from 'node:http';
import { createCcxtConnector } from './src/exchanges/ccxt-client.ts';
const id = process.argv[2]!;
const server = createServer((req, res) => { console.log(req.method, req.url, Object.keys(req.headers).filter(h => /key|sign|pass|time|auth|access|bapi/i.test(h)).join(' ')); res.writeHead(404, {'content-type':'application/json'}); res.end('{}'); });
await new Promise<void>((r) => server.listen(18777, '127.0.0.1', () => r()));
const c = createCcxtConnector({ urls: { [id]: 'http://127.0.0.1:18777' } });
const client = c.connect(id, { apiKey: 'key', secret: 'c2VjcmV0', password: 'pw' });
for (const step of ['checkKey', 'fetchBalances', 'fetchMovements'] as const) {
  try { await (client[step] as (a?: unknown) => Promise<unknown>)(null); } catch (e) { console.log(step, '->', (e as Error).message); }
}
server.close(); await client.close();
