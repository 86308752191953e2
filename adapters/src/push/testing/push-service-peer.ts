/**
 * Test support: a push service on 127.0.0.1 standing for the browser vendors' (FCM, Mozilla autopush). It
 * checks each message's VAPID JWT (ES256 over `<header>.<claims>`, `aud` the endpoint's origin, not
 * expired, signed by the key in `k`) and decrypts the aes128gcm payload with the subscription's private key
 * (http_ece), as the browser would. Answers 201, or 401 to a bad JWT, or 410 to a subscription it was told
 * is gone. Given a public origin (a proxy in front of it), endpoints and the expected `aud` name that origin.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';

export interface PeerSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushedMessage {
  subscriptionId: string;
  /** The decrypted payload. */
  payload: string;
  /** The VAPID public key that signed it. */
  vapidKey: string;
  ttl: string | undefined;
}

export interface PushServicePeer {
  origin: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** A new browser subscription: its keys are kept here so messages to it can be decrypted. */
  subscribe(): PeerSubscription;
  /** Messages to `endpoint` are answered 410 Gone from now on (the user revoked permission). */
  expire(endpoint: string): void;
  messages: PushedMessage[];
  /** Requests refused, with why. */
  refused: string[];
  close(): Promise<void>;
}

function b64url(s: string): Buffer {
  return Buffer.from(s, 'base64url');
}

/** Whether `authorization` (`vapid t=<jwt>, k=<key>`) is a valid VAPID JWT for `audience`. */
function vapidProblem(authorization: string | undefined, audience: string): string | { key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) return 'no vapid authorization';
  const [h, p, s] = m[1]!.split('.');
  if (!h || !p || !s) return 'malformed jwt';
  const header = JSON.parse(b64url(h).toString('utf8')) as { alg?: string };
  const claims = JSON.parse(b64url(p).toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (header.alg !== 'ES256') return `alg ${header.alg}`;
  if (claims.aud !== audience) return `aud ${claims.aud} is not ${audience}`;
  if (!claims.exp || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000) {
    return 'exp out of range';
  }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'no sub';
  const point = b64url(m[2]!);
  if (point.length !== 65) return 'bad k';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(s));
  return ok ? { key: m[2]! } : 'bad signature';
}

export interface PushServicePeerOptions {
  /** The origin browsers reach it at, when that is not its own address (a proxy standing for the network). */
  publicOrigin?: string;
}

export async function startPushServicePeer(options: PushServicePeerOptions = {}): Promise<PushServicePeer> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const gone = new Set<string>();
  const messages: PushedMessage[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subscriptions.get(id);
      if (!sub || gone.has(id)) {
        res.statusCode = 410;
        return res.end();
      }
      const vapid = vapidProblem(req.headers.authorization, origin);
      if (typeof vapid === 'string' || req.headers['content-encoding'] !== 'aes128gcm') {
        refused.push(typeof vapid === 'string' ? vapid : 'not aes128gcm');
        res.statusCode = 401;
        return res.end();
      }
      try {
        const payload = ece
          .decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: sub.ecdh,
            authSecret: sub.auth,
          })
          .toString('utf8');
        messages.push({
          subscriptionId: id,
          payload,
          vapidKey: vapid.key,
          ttl: req.headers.ttl as string | undefined,
        });
        res.statusCode = 201;
      } catch (error) {
        refused.push(`undecryptable: ${(error as Error).message}`);
        res.statusCode = 400;
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = options.publicOrigin ?? `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire(endpoint) {
      gone.add(endpoint.replace(/^.*\/push\//, ''));
    },
    messages,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
