import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from './context.ts';
import { createRouter, literalPrefix, routeThrough } from './routers.ts';

/** Routers shaped like the app's: plain paths, a prefix, parameters, a wildcard, router-wide middleware. */
function routers(): Router<AppState>[] {
  const health = new Router<AppState>();
  health.get('/healthz', (ctx) => void (ctx.body = 'health'));
  const portfolio = new Router<AppState>({ prefix: '/api/portfolio' });
  portfolio.use(async (ctx, next) => {
    ctx.set('X-Portfolio-Middleware', 'yes');
    await next();
  });
  portfolio.get('/', (ctx) => void (ctx.body = 'portfolio'));
  portfolio.put('/:id', (ctx) => void (ctx.body = `put ${ctx.params.id}`));
  const prices = new Router<AppState>();
  prices.get('/api/prices', (ctx) => void (ctx.body = 'prices'));
  prices.post('/api/prices/track', (ctx) => void (ctx.body = 'track'));
  prices.get('/api/coingecko/{*path}', (ctx) => void (ctx.body = `proxy ${ctx.params.path}`));
  const wallets = new Router<AppState>({ prefix: '/api' });
  wallets.use('/wallets', async (ctx, next) => {
    ctx.set('X-Wallets-Middleware', 'yes');
    await next();
  });
  wallets.get('/wallets', (ctx) => void (ctx.body = 'wallets'));
  const last = new Router<AppState>();
  last.get('/api/docs', (ctx) => void (ctx.body = 'docs'));
  return [health, portfolio, prices, wallets, last];
}

function serve(app: Koa<AppState>): Promise<{ server: Server; url: string }> {
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  return new Promise((resolve) =>
    server.once('listening', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('routeThrough', () => {
  const servers: Server[] = [];
  let each: string;
  let through: string;
  beforeAll(async () => {
    const plain = new Koa<AppState>();
    for (const router of routers()) plain.use(router.routes()).use(router.allowedMethods());
    const gated = new Koa<AppState>();
    gated.use(routeThrough(routers()));
    const [a, b] = await Promise.all([serve(plain), serve(gated)]);
    servers.push(a!.server, b!.server);
    each = a!.url;
    through = b!.url;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const answer = async (base: string, method: string, path: string) => {
    const response = await fetch(base + path, { method });
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'),
    );
    return { status: response.status, headers, body: await response.text() };
  };

  it.each([
    ['GET', '/healthz'],
    ['HEAD', '/healthz'],
    ['POST', '/healthz'],
    ['OPTIONS', '/healthz'],
    ['PROPFIND', '/healthz'],
    ['PROPFIND', '/nowhere'],
    ['GET', '/nowhere'],
    ['GET', '/api/portfolio'],
    ['GET', '/API/Portfolio/'],
    ['PUT', '/api/portfolio/42'],
    ['DELETE', '/api/portfolio/42'],
    ['GET', '/api/portfolio/42'],
    ['GET', '/api/portfoliox'],
    ['GET', '/api/prices'],
    ['GET', '/api/PRICES'],
    ['POST', '/api/prices'],
    ['GET', '/api/prices/track'],
    ['OPTIONS', '/api/prices/track'],
    ['GET', '/api/coingecko/simple/price'],
    ['GET', '/api/wallets'],
    ['POST', '/api/wallets'],
    ['GET', '/api/wallets/1'],
    ['GET', '/api/docs'],
    ['DELETE', '/api/docs'],
    ['GET', '/api//prices'],
    ['GET', '/api/%70rices'],
  ])('%s %s is answered as by each router in turn', async (method, path) => {
    expect(await answer(through, method, path)).toEqual(await answer(each, method, path));
  });
});

describe('literalPrefix', () => {
  it.each([
    ['/healthz', '/healthz'],
    ['/api/portfolio/', '/api/portfolio'],
    ['/api/portfolio/:id', '/api/portfolio'],
    ['/api/coingecko/{*path}', '/api/coingecko'],
    ['/API/Docs', '/api/docs'],
    ['/', ''],
    ['/api/docs/style.css', '/api/docs/style'],
  ])('of %j is %j', (path, prefix) => {
    const router = new Router<AppState>();
    router.get(path, () => {});
    expect(literalPrefix(router.stack[0]!)).toBe(prefix);
  });

  it('of router-wide middleware under a prefix is the prefix', () => {
    const router = new Router<AppState>({ prefix: '/api/Portfolio' });
    router.use(async (_ctx, next) => next());
    expect(literalPrefix(router.stack[0]!)).toBe('/api/portfolio');
  });

  it('is empty for a regular expression, which could match any path', () => {
    const router = new Router<AppState>();
    router.get(/^\/api\/x$/, () => {});
    expect(literalPrefix(router.stack[0]!)).toBe('');
  });
});

describe('createRouter', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const portfolio = createRouter('/api/portfolio');
    portfolio.use(async (ctx, next) => {
      ctx.set('X-Guard', 'portfolio');
      await next();
    });
    portfolio.get('/', (ctx) => void (ctx.body = 'portfolio'));
    portfolio.post('/:id', (ctx) => void (ctx.body = `post ${ctx.params.id}`));
    const wallets = createRouter('/api');
    wallets.use('/wallets', async (ctx, next) => {
      ctx.set('X-Guard', 'wallets');
      await next();
    });
    wallets.get('/wallets', (ctx) => void (ctx.body = 'wallets'));
    const app = new Koa<AppState>();
    app.use(routeThrough([portfolio, wallets]));
    ({ server, url } = await serve(app));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    ['GET', '/api/portfolio', 200, 'portfolio'],
    ['POST', '/api/portfolio/AbC', 200, 'portfolio'],
    ['GET', '/api/wallets', 200, 'wallets'],
    ['GET', '/API/portfolio', 404, null],
    ['GET', '/Api/Portfolio/', 404, null],
    ['POST', '/API/PORTFOLIO/abc', 404, null],
    ['GET', '/API/Wallets', 404, null],
  ])(
    '%s %s answers %i past guard %s: no path reaches a handler without its guards',
    async (method, path, status, guard) => {
      const response = await fetch(url + path, { method });
      expect(response.status).toBe(status);
      expect(response.headers.get('x-guard')).toBe(guard);
    },
  );

  it('keeps a parameter as it was sent', async () => {
    expect(await (await fetch(`${url}/api/portfolio/AbC`, { method: 'POST' })).text()).toBe('post AbC');
  });
});
