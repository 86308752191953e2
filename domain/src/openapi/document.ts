/**
 * The OpenAPI 3.1 document of the API, generated from the route catalogue and the zod schemas
 * the API validates with: request bodies and parameters as the API accepts them (zod's input side),
 * answers as it sends them (the response schemas). Nothing in it is written by hand but the prose.
 */
import { z } from 'zod';
import { allResponses, API_TAGS, CONTENT_TYPES, isSitePasswordGated, type RouteDoc } from './route-doc.ts';
import { ALERT_ROUTES } from './routes-alerts.ts';
import { BILLING_ROUTES } from './routes-billing.ts';
import { EXCHANGE_ROUTES } from './routes-exchanges.ts';
import { ALERT_DESTINATION_ROUTES } from './routes-alert-destinations.ts';
import { WALLET_ROUTES } from './routes-wallets.ts';
import { IMPORT_ROUTES } from './routes-imports.ts';
import { PORTFOLIO_ROUTES } from './routes-portfolio.ts';
import { PRICE_ROUTES } from './routes-prices.ts';
import { REPORT_ROUTES } from './routes-reports.ts';
import { SESSION_ROUTES } from './routes-session.ts';

/** Every route of the API with its documentation, grouped by tag. */
export const API_ROUTES: readonly RouteDoc[] = [
  ...SESSION_ROUTES,
  ...PORTFOLIO_ROUTES,
  ...REPORT_ROUTES,
  ...IMPORT_ROUTES,
  ...EXCHANGE_ROUTES,
  ...ALERT_DESTINATION_ROUTES,
  ...WALLET_ROUTES,
  ...ALERT_ROUTES,
  ...BILLING_ROUTES,
  ...PRICE_ROUTES,
];

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "Clerk's session token, or the token of POST /api/auth/local/sign-in with local accounts.",
  },
  sitePassword: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Site-Password',
    description: 'The shared site password, on every /api call when SITE_PASSWORD is set.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body with the webhook's signing secret.",
  },
};

/**
 * Converts many zod schemas at once, so schemas with a `meta({ id })` become shared components: each input
 * comes back as its JSON Schema with `$ref`s into `#/components/schemas`.
 */
function convertAll(schemas: z.ZodType[], io: 'input' | 'output') {
  const shape = Object.fromEntries(schemas.map((schema, i) => [`s${i}`, schema]));
  const json = z.toJSONSchema(z.object(shape), {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as { properties: Record<string, JsonSchema>; $defs?: Record<string, JsonSchema> };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          key === '$ref' && typeof item === 'string'
            ? item.replace('#/$defs/', '#/components/schemas/')
            : rewrite(item),
        ]),
      );
    }
    return value;
  };
  return {
    converted: schemas.map((_, i) => rewrite(json.properties[`s${i}`]) as JsonSchema),
    components: rewrite(json.$defs ?? {}) as Record<string, JsonSchema>,
  };
}

const operationId = (route: RouteDoc) =>
  route.method +
  route.path
    .replace(/[{}]/g, '')
    .split(/[/._-]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** The version of the API contract this document describes (info.version). */
export const API_VERSION = '1.0.0';

/** Builds the document. */
export function buildOpenApiDocument(version: string = API_VERSION): OpenApiDocument {
  const inputs: z.ZodType[] = [];
  const outputs: z.ZodType[] = [];
  const at = (list: z.ZodType[], schema: z.ZodType) => list.push(schema) - 1;
  const plan = API_ROUTES.map((route) => ({
    route,
    params: Object.entries({ ...route.params }).map(([name, p]) => ({ name, p, i: at(inputs, p.schema) })),
    query: Object.entries({ ...route.query }).map(([name, p]) => ({ name, p, i: at(inputs, p.schema) })),
    body: route.body ? at(inputs, route.body.schema) : undefined,
    responses: Object.entries(allResponses(route)).map(([status, doc]) => ({
      status,
      doc,
      i: doc.schema ? at(outputs, doc.schema) : undefined,
    })),
  }));
  const input = convertAll(inputs, 'input');
  const output = convertAll(outputs, 'output');

  const paths: OpenApiDocument['paths'] = {};
  for (const { route, params, query, body, responses } of plan) {
    const security: Record<string, string[]>[] = [];
    const required = [
      ...(route.access === 'user' ? ['bearer'] : []),
      ...(route.access === 'stripe' ? ['stripeSignature'] : []),
      ...(isSitePasswordGated(route) ? ['sitePassword'] : []),
    ];
    if (required.length > 0) security.push(Object.fromEntries(required.map((name) => [name, []])));
    const parameters = [
      ...params.map(({ name, p, i }) => ({
        name,
        in: 'path',
        required: true,
        description: p.description,
        schema: input.converted[i],
      })),
      ...query.map(({ name, p, i }) => ({
        name,
        in: 'query',
        required: p.required ?? false,
        description: p.description,
        schema: input.converted[i],
      })),
    ];
    const operation: OpenApiOperation = {
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body !== undefined
        ? {
            requestBody: {
              required: route.body!.required,
              description: `JSON, at most ${route.body!.limit}.`,
              content: { [CONTENT_TYPES.json]: { schema: input.converted[body] } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        responses.map(({ status, doc, i }) => [
          status,
          {
            description: doc.description,
            ...(doc.headers
              ? {
                  headers: Object.fromEntries(
                    Object.entries(doc.headers).map(([name, description]) => [
                      name,
                      { description, schema: { type: 'string' } },
                    ]),
                  ),
                }
              : {}),
            ...(i !== undefined
              ? { content: { [CONTENT_TYPES[doc.type ?? 'json']]: { schema: output.converted[i] } } }
              : {}),
          },
        ]),
      ),
    };
    (paths[route.path] ??= {})[route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Coinpace API',
      version,
      description:
        'The HTTP API of Coinpace, a crypto portfolio tracker with price alerts. JSON in and out; errors are ' +
        '`{error, code, details?}` with the status of their code. Live prices also come over Socket.IO ' +
        '(`/socket.io`), which this document does not cover. Limits per address count an IPv4 address, or ' +
        'an IPv6 /64, as one client.',
    },
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ...input.components, ...output.components },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
