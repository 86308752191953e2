/**
 * Test support: a stand-in for the Coinpace HTTP API behind `fetch`, so web unit tests drive the real
 * stores and api-client against answers they choose. Not used by production code.
 */
import { vi } from 'vitest';
import { setTokenGetter } from '../lib/api-client.ts';

/** One request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: a status and a JSON body, or a thrown error for a network failure. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as it is (a CSV download), instead of `body` as JSON. */
  text?: string;
}

type Handler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/** A fake API: routes by method and path (no query), records every call. Unknown routes answer 404. */
export class FakeApi {
  readonly calls: FakeCall[] = [];
  readonly #routes = new Map<string, Handler>();

  /** Answers `method path`; a later `on` for the same route replaces the earlier one. */
  on(method: string, path: string, handler: Handler | FakeReply): this {
    this.#routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Calls made to `method path`. */
  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://coinpace.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    this.calls.push(call);
    const handler = this.#routes.get(`${method} ${url.pathname}`);
    const reply = handler ? await handler(call) : { status: 404, body: { error: 'Not found.' } };
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: {
        'content-type': reply.text === undefined ? 'application/json' : 'text/csv; charset=utf-8',
        ...reply.headers,
      },
    });
  };
}

/** Installs a fresh FakeApi as global fetch with a signed-in token; undone by `vi.unstubAllGlobals()`. */
export function installFakeApi(): FakeApi {
  const fake = new FakeApi();
  vi.stubGlobal('fetch', fake.fetch);
  setTokenGetter(async () => 'test-token');
  return fake;
}

/** A network failure, as fetch rejects when the server cannot be reached. */
export function networkDown(): never {
  throw new TypeError('Failed to fetch');
}
