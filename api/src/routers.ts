/**
 * How the app runs its feature routers. Each router's own dispatch and allowedMethods are kept, in order,
 * but a router none of whose routes could match the path is stepped over: otherwise every request would
 * walk every router before its own (a dozen for /api/prices), each one matching every route of its
 * own, reading the Host, and adding a promise to the chain, only to pass the request on.
 */
import Router from '@koa/router';
import type { Middleware, Next, ParameterizedContext } from 'koa';
import type { AppState } from './context.ts';

type AppRouter = Router<AppState>;
type Ctx = ParameterizedContext<AppState>;

/**
 * A feature router, optionally under `prefix`. Its paths match case-sensitively: @koa/router matches
 * routes without regard to case by default but its router-wide middleware (`router.use(guard)`) with
 * regard to it, so `/API/portfolio` would reach a handler past a guard that `/api/portfolio` meets.
 * Matching case everywhere makes every path that reaches a handler meet that router's guards.
 */
export function createRouter(prefix?: string): AppRouter {
  return new Router<AppState>(prefix === undefined ? { sensitive: true } : { prefix, sensitive: true });
}

/**
 * What a route's path must start with (lower case, no trailing slash) to match: its path up to the first
 * character that is not literal, in path syntax (a parameter, wildcard or group) or in a regular
 * expression's source (router-wide middleware under a prefix is one: `/api/portfolio(?:\/|$)`). Empty
 * when it could match any path.
 */
export function literalPrefix(layer: AppRouter['stack'][number]): string {
  if (typeof layer.path !== 'string') return '';
  const special = layer.path.search(/[:*{}()[\]?+!\\.^$|]/);
  const literal = special === -1 ? layer.path : layer.path.slice(0, special);
  return literal.replace(/\/+$/, '').toLowerCase();
}

/**
 * Whether a path could match one of `router`'s routes. Routes match without regard to case, so the
 * check lower-cases the path: it may let through a path no route matches (the router then passes it
 * on as before), never the reverse.
 */
export function mayMatch(router: AppRouter): (path: string) => boolean {
  const prefixes = [...new Set(router.stack.map(literalPrefix))];
  if (prefixes.includes('')) return () => true;
  return (path) => {
    const lower = path.toLowerCase();
    return prefixes.some((prefix) => lower.startsWith(prefix));
  };
}

/**
 * One middleware running `routers` as `app.use(router.routes()); app.use(router.allowedMethods())` each
 * would, skipping those that cannot match the path. The last router always runs: its dispatch notes the
 * (possibly empty) list of matched routes that allowedMethods needs to answer 501 for a method no route
 * knows, and its allowedMethods answers 405 and OPTIONS from what every router before it matched.
 */
export function routeThrough(routers: AppRouter[]): Middleware<AppState> & { routers: AppRouter[] } {
  const steps = routers.map((router, i) => {
    const dispatch = router.routes() as unknown as Middleware<AppState>;
    const allowed = router.allowedMethods() as unknown as Middleware<AppState>;
    return {
      may: i === routers.length - 1 ? () => true : mayMatch(router),
      run: (ctx: Ctx, next: Next) => dispatch(ctx, () => allowed(ctx, next)),
    };
  });
  const from = (i: number, ctx: Ctx, next: Next): Promise<unknown> => {
    // The path is read at each step, as each router reads it when it dispatches.
    for (; i < steps.length; i++) {
      if (steps[i]!.may(ctx.path)) {
        const after = i + 1;
        return Promise.resolve(steps[i]!.run(ctx, () => from(after, ctx, next) as Promise<never>));
      }
    }
    return next();
  };
  const middleware: Middleware<AppState> = (ctx, next) => from(0, ctx, next);
  // Named on the middleware, as @koa/router names a router on its own, for whoever lists the routes.
  return Object.assign(middleware, { routers });
}
