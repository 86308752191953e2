/**
 * The fake Stripe's HTTP envelope: records every API request, checks the secret key as Stripe does
 * (401 otherwise), replays the stored answer to a repeated Idempotency-Key, and turns a thrown
 * StripeHttpError into Stripe's error body. The hosted checkout pages (/c/pay/...) are served apart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseStripeForm, type FormObject } from './form-body.ts';
import { newId } from './fake-stripe-objects.ts';
import { StripeHttpError } from './fake-stripe-subscriptions.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (or query), parsed from Stripe's bracket notation; values are strings. */
  body: FormObject;
  headers: IncomingMessage['headers'];
}

export interface StripeRequestHandlerOptions {
  baseUrl: () => string;
  secretKey: string;
  requests: RecordedRequest[];
  /** Answers already given, by Idempotency-Key. */
  idempotent: Map<string, { status: number; body: string }>;
  /** Answers one API request or throws StripeHttpError. */
  route: (method: string, path: string, body: FormObject) => unknown;
  hosted: (method: string, pathname: string, res: ServerResponse) => unknown;
}

/** Makes the request listener of the fake Stripe server. */
export function stripeRequestHandler(o: StripeRequestHandlerOptions) {
  return async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', o.baseUrl());
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/c/pay/')) {
      return o.hosted(method, url.pathname, res);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = parseStripeForm(method === 'POST' ? raw : `${url.search.slice(1)}&${raw}`);
    o.requests.push({ method, path: url.pathname, body, headers: req.headers });

    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', newId('req'));
    if (req.headers.authorization !== `Bearer ${o.secretKey}`) {
      res.statusCode = 401;
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }),
      );
      return;
    }
    // Stripe replays the stored answer to a repeated Idempotency-Key (stripe-node's retries rely on it).
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    let answer = typeof key === 'string' ? o.idempotent.get(key) : undefined;
    if (answer) res.setHeader('idempotent-replayed', 'true');
    else {
      try {
        answer = { status: 200, body: JSON.stringify(o.route(method, url.pathname, body)) };
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        answer = { status: error.status, body: JSON.stringify({ error: error.body }) };
      }
      if (typeof key === 'string') o.idempotent.set(key, answer);
    }
    res.statusCode = answer.status;
    res.end(answer.body);
  };
}
