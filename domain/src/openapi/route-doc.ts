/** How one route of the API is described for the reference; see routes-*.ts for the catalogue. */
import type { z } from 'zod';
import { ZErrorBody } from './responses.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The reference's sections, in the order shown. */
export const API_TAGS = {
  Health: 'Liveness, readiness and metrics, served by every process whatever its ROLE.',
  Reference: 'This reference: the OpenAPI document and its browsable page.',
  Session: 'Public runtime config, the site password, and local accounts (the embedded identity).',
  Users: "The signed-in user's profile and contact info.",
  Portfolio: "The signed-in user's holdings, their value history and error reports.",
  Exchanges: 'Exchange accounts synced read-only with an API key, and the Demo exchange.',
  Wallets: 'Wallets tracked by public address on EVM chains, Bitcoin, Solana and the demo chain.',
  Alerts: 'Price and gain/loss alerts, their stats and firing history.',
  Billing: 'Plans, checkout, the subscription and its Stripe webhook, account deletion.',
  Prices: 'Market data: prices, the live price stream, coin search and the CoinGecko proxy.',
  Visitors: 'The beta waitlist and the contact form.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * Who may call a route. `user`: a bearer token (Clerk's session token or a local one); `public`: anyone;
 * `stripe`: Stripe, proven by the Stripe-Signature header; `operator`: health and metrics, outside /api.
 */
export type Access = 'public' | 'user' | 'stripe' | 'operator';

/** Content types the API answers with. */
export const CONTENT_TYPES = {
  json: 'application/json',
  text: 'text/plain',
  html: 'text/html',
  css: 'text/css',
  events: 'text/event-stream',
  csv: 'text/csv',
  zip: 'application/zip',
} as const;

export interface ResponseDoc {
  description: string;
  /** Body schema (JSON); an error status defaults to the error body. */
  schema?: z.ZodType;
  /** Default `json` when there is a schema, no body otherwise. */
  type?: keyof typeof CONTENT_TYPES;
  /** Response headers worth knowing, by name. */
  headers?: Record<string, string>;
}

export interface ParamDoc {
  schema: z.ZodType;
  description: string;
  required?: boolean;
}

export interface RouteDoc {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/portfolio/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  access: Access;
  params?: Record<string, ParamDoc>;
  query?: Record<string, ParamDoc>;
  /** A JSON body (validated by `schema`); `limit` is the largest accepted, past it 413. */
  body?: { schema: z.ZodType; required: boolean; limit: string };
  /** The route's own answers: its success and the errors particular to it. */
  responses: Record<number, ResponseDoc | string>;
  /** When set, the route is rate limited as described and may answer 429 with Retry-After. */
  rateLimit?: string;
}

/** /api paths the site password does not gate (DESIGN.md section 4). */
export const SITE_PASSWORD_OPEN_PATHS: readonly string[] = [
  '/api/check-password',
  '/api/config',
  '/api/billing/webhook',
];

/** Whether SITE_PASSWORD, when set, gates the route. */
export function isSitePasswordGated(route: Pick<RouteDoc, 'path'>): boolean {
  return route.path.startsWith('/api/') && !SITE_PASSWORD_OPEN_PATHS.includes(route.path);
}

/**
 * Every answer of a route: its own, plus those every route of its kind gives: 401 without a valid token,
 * 403 without the site password, 400 and 413 for a bad or oversized body, 429 past a rate limit.
 */
export function allResponses(route: RouteDoc): Record<number, ResponseDoc> {
  const common: Record<number, string> = {};
  if (route.body) {
    common[400] = 'The body is not valid JSON of the documented shape; `details` lists each problem.';
    common[413] = `The body is larger than ${route.body.limit}.`;
  }
  if (route.access === 'user') common[401] = 'No bearer token, or one that is not valid (sign in again).';
  if (isSitePasswordGated(route))
    common[403] = 'The site password is set and the X-Site-Password header is missing or wrong.';
  if (route.rateLimit) common[429] = `Rate limited (${route.rateLimit}); Retry-After says when to try again.`;
  const merged: Record<number, ResponseDoc> = {};
  for (const [status, doc] of Object.entries({ ...common, ...route.responses })) {
    const own = route.responses[Number(status)];
    const base = typeof doc === 'string' ? { description: doc } : doc;
    // A route that adds its own text to a common status keeps both.
    const description =
      own !== undefined && common[Number(status)] && typeof own === 'string'
        ? `${own} Or: ${common[Number(status)]}`
        : base.description;
    const isError = Number(status) >= 400;
    merged[Number(status)] = {
      ...base,
      description,
      schema: base.schema ?? (isError ? ZErrorBody : undefined),
    };
  }
  if (merged[429]) merged[429].headers = { 'Retry-After': 'Seconds until a request may succeed.' };
  return merged;
}
