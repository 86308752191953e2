/**
 * POSTs a JSON body to a user-given URL: https only, the resolved address checked against the SSRF rules
 * (outbound-address.ts), no redirects followed, a bounded wait and a bounded read of the answer. Plain
 * http is allowed only to a loopback address under `allowLoopback` (a local receiver in tests).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isLoopbackAddress, refusedAddress, RefusedAddressError } from './outbound-address.ts';

export interface PostOptions {
  /** WEBHOOK_ALLOW_LOOPBACK: loopback addresses (and plain http to them) may be reached. */
  allowLoopback?: boolean;
  /** How long to wait for the answer, ms. Default 10,000. */
  timeoutMs?: number;
}

export interface PostResult {
  status: number;
  durationMs: number;
}

/** Why a URL may not be posted to, checked before any lookup: scheme and literal addresses. */
export function urlProblem(raw: string, opts: { allowLoopback?: boolean } = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.username || url.password) return 'The URL may not carry a user name or password.';
  if (isIP(host)) {
    const why = refusedAddress(host, opts);
    if (why) return `The URL points at ${why}; use a public address.`;
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!opts.allowLoopback) return 'The URL points at this machine (localhost); use a public address.';
  }
  if (url.protocol === 'https:') return null;
  if (
    url.protocol === 'http:' &&
    opts.allowLoopback &&
    (isIP(host) ? isLoopbackAddress(host) : host === 'localhost')
  ) {
    return null;
  }
  return 'The URL must start with https://.';
}

/**
 * Posts `body` (JSON) with `headers`; resolves with the answer's status, whatever it is.
 * @throws RefusedAddressError when the URL or its address is not allowed; network errors as they come.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: PostOptions = {},
): Promise<PostResult> {
  return postBody(url, body, { 'content-type': 'application/json', ...headers }, opts);
}

/** Posts any body under the same rules as {@link postJson} (a push message's encrypted bytes). */
export function postBody(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  opts: PostOptions = {},
): Promise<PostResult> {
  const problem = urlProblem(url, opts);
  if (problem) return Promise.reject(new RefusedAddressError(problem));
  const started = Date.now();
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Coinpace-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(opts),
        timeout: opts.timeoutMs ?? 10_000,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The answer's body is not used: stop reading a large one.
          if (read > 64 * 1024) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, durationMs: Date.now() - started });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
