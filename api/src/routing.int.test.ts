/**
 * What the API answers outside its routes (DESIGN.md section 4: errors are JSON `{error}` with the right
 * status): a known path with the wrong method, an unknown /api path, a method no route knows. With the
 * built web app served beside it, /api paths never fall through to the app's index.html.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/harness.ts';

const INDEX_HTML = '<!doctype html><title>Coinpace</title>';
const ASSET = `console.log(${JSON.stringify('coinpace '.repeat(200))});`;

describe.each(testEngines(process.env.DATABASE_URL))('routing on %s', (engine) => {
  let api: TestApi;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'coinpace-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    // The web build writes a .br and a .gz copy beside each text file (web/vite.config.ts).
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), ASSET);
    writeFileSync(path.join(webDist, 'assets', 'app-1.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(webDist, 'assets', 'app-1.js.gz'), gzipSync(ASSET));
    api = await startTestApi(engine, {}, { webDist });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const send = async (method: string, route: string) => {
    const response = await fetch(api.url + route, { method });
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
  };

  it.each([
    ['DELETE', '/api/portfolio', 'HEAD, GET, POST'],
    ['PATCH', '/api/config', 'HEAD, GET'],
    ['GET', '/api/portfolio/bulk', 'POST, PUT, DELETE'],
    ['POST', '/api/prices', 'HEAD, GET'],
    ['PUT', '/api/billing/webhook', 'POST'],
    ['POST', '/healthz', 'HEAD, GET'],
  ])('%s %s: 405 in JSON with an Allow header', async (method, route, allow) => {
    const answer = await send(method, route);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.body).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      error: `${method} is not allowed on ${route}; use ${allow}.`,
    });
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const answer = await send('OPTIONS', '/api/portfolio');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('allow')).toBe('HEAD, GET, POST');
  });

  it('answers a method no route knows with 501 in JSON', async () => {
    const answer = await send('PURGE', '/api/portfolio');
    expect(answer.status).toBe(501);
    expect(answer.body).toEqual({ code: 'NOT_IMPLEMENTED', error: 'This request method is not supported.' });
  });

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/nope'],
    ['GET', '/API/Nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/portfolio/some/thing/deeper'],
  ])('%s %s: 404 in JSON, never the web app', async (method, route) => {
    const answer = await send(method, route);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: `No route for ${method} ${route}` });
  });

  it('still serves the web app for its own routes and a JSON 404 for a missing asset', async () => {
    const page = await send('GET', '/portfolio');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect((await send('GET', '/assets/missing.js')).status).toBe(404);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('sends the precompressed copy the browser accepts (%s), saying it varies', async (accepts, encoding) => {
    const response = await fetch(`${api.url}/assets/app-1.js`, { headers: { 'accept-encoding': accepts } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toContain('immutable');
    // fetch undoes the encoding: the script arrives as written.
    await expect(response.text()).resolves.toBe(ASSET);
  });
});
