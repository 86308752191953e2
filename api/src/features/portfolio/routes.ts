import Router from '@koa/router';
import { listHoldings } from '@coinpace/db';
import { AppError, ZAddHolding, ZBulkAdd, ZUpdateHolding, parseOrThrow } from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { addHolding, addHoldingsInBulk, changeHolding, removeHolding } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path; anything that is not one of our ids is simply not found. */
export function pathId(id: string | undefined = ''): string {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
  return id.toLowerCase();
}

/** The portfolio routes of SPEC.md section 7, scoped to the token's user. */
export function portfolioRoutes({ db, identity }: ApiDeps) {
  const router = new Router<AppState>({ prefix: '/api/portfolio' });
  router.use(requireUser(identity.verifier, db));

  router.get('/', async (ctx) => {
    ctx.body = await listHoldings(db, currentUser(ctx).id);
  });

  router.post('/', jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZAddHolding, bodyOf(ctx));
    ctx.status = 201;
    ctx.body = await addHolding(db, currentUser(ctx).id, input);
  });

  router.post('/bulk', jsonBody(), async (ctx) => {
    const { portfolioItems } = parseOrThrow(ZBulkAdd, bodyOf(ctx));
    ctx.body = await addHoldingsInBulk(db, currentUser(ctx).id, portfolioItems);
  });

  router.put('/:id', jsonBody(), async (ctx) => {
    const id = pathId(ctx.params.id);
    const changes = parseOrThrow(ZUpdateHolding, bodyOf(ctx));
    ctx.body = await changeHolding(db, currentUser(ctx).id, id, changes);
  });

  router.delete('/:id', async (ctx) => {
    await removeHolding(db, currentUser(ctx).id, pathId(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
