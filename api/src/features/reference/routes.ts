import { buildOpenApiDocument, type OpenApiDocument } from '@coinpace/domain/openapi';
import { DOCS_STYLESHEET, renderDocsPage } from './docs-page.ts';
import { createRouter } from '../../routers.ts';

/**
 * The API reference: GET /api/openapi.json (OpenAPI 3.1, generated from domain's route catalogue
 * and zod schemas) and GET /api/docs, a page rendered on the server from the same document: no script at
 * all, one stylesheet from this origin, so a strict Content-Security-Policy holds and nothing loads from a CDN.
 */
export function referenceRoutes() {
  const router = createRouter();
  // Built on first use: start-up does not pay for a page few requests ask for.
  let document: { json: string; page: string } | undefined;
  const built = () => {
    if (!document) {
      const doc: OpenApiDocument = buildOpenApiDocument();
      document = { json: JSON.stringify(doc), page: renderDocsPage(doc) };
    }
    return document;
  };

  router.get('/api/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = built().json;
  });

  router.get('/api/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = built().page;
  });

  router.get('/api/docs/style.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.body = DOCS_STYLESHEET;
  });

  return router;
}
