import {
  costMethodOf,
  gainsCsvFilename,
  gainsQuerySchema,
  gainsToCsv,
  parseOrThrow,
  type GainsMethod,
} from '@coinpace/domain';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { userGainsReport } from './gains.ts';
import { createRouter } from '../../routers.ts';

/**
 * GET /api/reports/gains?year=: the signed-in user's disposals and gains of a year, as JSON or (format=csv)
 * the Form 8949 layout. Without a method, the cost method saved on the Account page.
 */
export function reportRoutes(deps: ApiDeps) {
  const { db, identity } = deps;
  const router = createRouter('/api/reports');
  router.use(requireUser(identity.verifier, db));

  router.get('/gains', async (ctx) => {
    const query = parseOrThrow(
      gainsQuerySchema(Date.now()),
      Object.fromEntries(new URLSearchParams(ctx.querystring)),
    );
    const user = currentUser(ctx);
    const saved: GainsMethod = costMethodOf(user.costMethod);
    const method = query.method ?? saved;
    const report = await userGainsReport(db, user, query.year, method);
    ctx.set('Cache-Control', 'no-store');
    if (query.format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${gainsCsvFilename(query.year, method)}"`);
      ctx.body = gainsToCsv(report, report.currency);
      return;
    }
    ctx.body = report;
  });

  return router;
}
