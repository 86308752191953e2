import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import { isApiPath } from './api-path.ts';
import type { AppState } from './context.ts';
import { buildContentSecurityPolicy, inlineScriptHashes } from './security/csp.ts';

export interface WebAppOptions {
  /** Clerk's publishable key when Clerk signs users in: its origins join the page's CSP. */
  clerkPublishableKey?: string;
}

/**
 * Serves the built web app from `root`: files as they are (hashed assets cached for a year), and
 * index.html for any other GET outside /api, so client-side routes load on refresh. The build's
 * precompressed copies (.br, .gz) go to browsers that accept them.
 */
export function serveWebApp(root: string, options: WebAppOptions = {}): Middleware<AppState> {
  const index = path.join(root, 'index.html');
  const policyFor = pagePolicy(index, options);
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isApiPath(ctx.path) || ctx.path.startsWith('/socket.io')) return;
    // Source maps are not published: the build writes none, and one left in the
    // folder by another build is not served either.
    if (ctx.path.endsWith('.map')) return;
    const file = path.resolve(root, '.' + decodeURIComponent(ctx.path));
    if (file.startsWith(root + path.sep) && (await isFile(file))) {
      if (file.endsWith('.html')) ctx.set('Content-Security-Policy', await policyFor(ctx));
      // A .br or .gz copy beside the file is sent to a browser that accepts it (send's defaults).
      ctx.vary('Accept-Encoding');
      const immutable = ctx.path.startsWith('/assets/');
      await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
      return;
    }
    if (path.extname(ctx.path) && !ctx.path.endsWith('.html')) return; // a missing asset stays a 404
    if (!(await isFile(index))) return;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', await policyFor(ctx));
    ctx.vary('Accept-Encoding');
    await send(ctx, 'index.html', { root });
  };
}

/**
 * The CSP of a page, given the request: the inline scripts' hashes are read once from the built
 * index.html (the build does not change under a running server), the socket's origin is the page's own.
 */
function pagePolicy(
  index: string,
  options: WebAppOptions,
): (request: { protocol: string; host: string }) => Promise<string> {
  let hashes: Promise<string[]> | undefined;
  return async (ctx) => {
    hashes ??= readFile(index, 'utf8').then(inlineScriptHashes, () => []);
    return buildContentSecurityPolicy({
      scriptHashes: await hashes,
      clerkPublishableKey: options.clerkPublishableKey,
      socketOrigin: socketOrigin(ctx.protocol, ctx.host),
    });
  };
}

/**
 * `ws(s)://host` of the page, for Socket.IO's WebSocket: browsers that predate CSP 3 do not count it
 * as 'self'. A Host that is not a plain host name adds nothing (it ends up in a header).
 */
function socketOrigin(protocol: string, host: string): string | undefined {
  if (!/^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i.test(host)) return undefined;
  return `${protocol === 'https' ? 'wss' : 'ws'}://${host}`;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
