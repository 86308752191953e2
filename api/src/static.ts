import { stat } from 'node:fs/promises';
import path from 'node:path';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import { isApiPath } from './api-path.ts';
import type { AppState } from './context.ts';

/**
 * Serves the built web app from `root`: files as they are (hashed assets cached for a year), and
 * index.html for any other GET outside /api, so client-side routes load on refresh.
 */
export function serveWebApp(root: string): Middleware<AppState> {
  const index = path.join(root, 'index.html');
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isApiPath(ctx.path) || ctx.path.startsWith('/socket.io')) return;
    const file = path.resolve(root, '.' + decodeURIComponent(ctx.path));
    if (file.startsWith(root + path.sep) && (await isFile(file))) {
      const immutable = ctx.path.startsWith('/assets/');
      await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
      return;
    }
    if (path.extname(ctx.path) && !ctx.path.endsWith('.html')) return; // a missing asset stays a 404
    if (!(await isFile(index))) return;
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
