import { deleteAlert } from '@coinpace/db';
import {
  ZAlertStatusBody,
  ZCreateAlert,
  ZCreatePortfolioAlert,
  ZAlertHistoryQuery,
  ZProtectPortfolio,
  ZResetIntervalBody,
  ZUpdateAlert,
  AppError,
  isPortfolioAlertBody,
  parseOrThrow,
} from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import { unknownCoinIds } from '../prices/known-coins.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { alertHistory } from './alert-history.ts';
import { alertStats } from './alert-stats.ts';
import { createAlerts } from './create-alerts.ts';
import { createPortfolioAlert } from './create-portfolio-alert.ts';
import { alertIdParam, alertNotFound, requireAlert, viewAlert } from './find-alert.ts';
import { listAlertViews } from './list-alerts.ts';
import { protectPortfolio } from './protect-portfolio.ts';
import { changeAlert, setAlertStatus, setResetInterval } from './update-alert.ts';
import { createRouter } from '../../routers.ts';

/**
 * The alert routes of SPEC.md section 7, plus history and 'Protect my portfolio', scoped to the token's
 * user: another user's alert id is not found on every route.
 */
export function alertRoutes({ db, identity, prices }: ApiDeps) {
  const router = createRouter('/api/alerts');
  router.use(requireUser(identity.verifier, db));

  router.get('/user', async (ctx) => {
    ctx.body = await listAlertViews(db, currentUser(ctx).id);
  });

  router.get('/user/stats', async (ctx) => {
    ctx.body = await alertStats(db, currentUser(ctx).id, new Date());
  });

  router.get('/user/history', async (ctx) => {
    const query = parseOrThrow(ZAlertHistoryQuery, Object.fromEntries(new URLSearchParams(ctx.querystring)));
    ctx.body = await alertHistory(db, currentUser(ctx).id, query);
  });

  router.post('/', jsonBody({ limit: BODY_LIMITS.bulk }), async (ctx) => {
    if (isPortfolioAlertBody(bodyOf(ctx))) {
      const kind = parseOrThrow(ZCreatePortfolioAlert, bodyOf(ctx));
      const alert = await createPortfolioAlert(db, currentUser(ctx), kind, new Date());
      ctx.status = 201;
      ctx.body = { created: 1, alerts: [alert] };
      return;
    }
    const input = parseOrThrow(ZCreateAlert, bodyOf(ctx));
    // A watch-list coin is polled for everyone once alerted on: only coins CoinGecko knows.
    if (input.type === 'WatchlistPrice') {
      const coins = input.coinIds?.length ? input.coinIds : input.coinId ? [input.coinId] : [];
      const [unknown] = await unknownCoinIds(prices, coins);
      if (unknown) throw new AppError('UNKNOWN_COIN', { details: { coingeckoId: unknown } });
    }
    const alerts = await createAlerts(db, currentUser(ctx), input, new Date());
    ctx.status = 201;
    ctx.body = { created: alerts.length, alerts };
  });

  router.post('/protect-portfolio', jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZProtectPortfolio, bodyOf(ctx));
    const result = await protectPortfolio(db, currentUser(ctx), input, new Date());
    ctx.status = result.created > 0 ? 201 : 200;
    ctx.body = result;
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await viewAlert(db, currentUser(ctx).id, alertIdParam(ctx.params.id));
  });

  router.get('/:id/history', async (ctx) => {
    const id = alertIdParam(ctx.params.id);
    const userId = currentUser(ctx).id;
    await requireAlert(db, userId, id);
    const query = parseOrThrow(ZAlertHistoryQuery, Object.fromEntries(new URLSearchParams(ctx.querystring)));
    ctx.body = await alertHistory(db, userId, { ...query, alertId: id });
  });

  router.put('/:id', jsonBody(), async (ctx) => {
    const id = alertIdParam(ctx.params.id);
    const changes = parseOrThrow(ZUpdateAlert, bodyOf(ctx));
    ctx.body = await changeAlert(db, currentUser(ctx), id, changes);
  });

  router.patch('/:id/status', jsonBody(), async (ctx) => {
    const id = alertIdParam(ctx.params.id);
    const { status } = parseOrThrow(ZAlertStatusBody, bodyOf(ctx));
    ctx.body = await setAlertStatus(db, currentUser(ctx).id, id, status);
  });

  router.patch('/:id/reset-interval', jsonBody(), async (ctx) => {
    const id = alertIdParam(ctx.params.id);
    const { resetInterval } = parseOrThrow(ZResetIntervalBody, bodyOf(ctx));
    ctx.body = await setResetInterval(db, currentUser(ctx).id, id, resetInterval);
  });

  router.delete('/:id', async (ctx) => {
    if (!(await deleteAlert(db, currentUser(ctx).id, alertIdParam(ctx.params.id)))) throw alertNotFound();
    ctx.status = 204;
  });

  return router;
}
