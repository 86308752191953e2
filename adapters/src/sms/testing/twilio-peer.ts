/**
 * A local HTTP server that answers Twilio's Messages routes the way Twilio does, for tests of anything
 * that sends SMS (point TWILIO_API_URL at `url`): Basic auth checked, form body validated, 201 with
 * Twilio's message JSON, Twilio's error JSON otherwise; and the Messages list (To and From filters,
 * newest first). Failures can be programmed, replies held back (the message is created, as Twilio
 * creates it whether or not the caller stays for the reply), and the server can go down and come back
 * on the same port.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** Every form field as sent (To, From, Body, StatusCallback, ...). */
  params: Record<string, string>;
  /** When the peer created it, epoch ms. */
  receivedAt: number;
}

/** A reply the peer gives instead of accepting a message. */
export interface TwilioFailure {
  status: number;
  /** Twilio error code, e.g. 21211 (invalid To), 20429 (too many requests), 20500 (internal). */
  code?: number;
  message?: string;
}

export interface TwilioPeer {
  /** `http://127.0.0.1:port`, ready for TWILIO_API_URL. */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** Accepted messages, oldest first. */
  readonly messages: ReceivedSms[];
  /** Requests to the Messages route, accepted or not (to count retries). */
  readonly requests: number;
  /** Answers the next `times` message requests (default: all, until `clearFailures`) with `failure`. */
  fail(failure: TwilioFailure, times?: number): void;
  clearFailures(): void;
  /**
   * Creates the messages of the next `times` send requests (default 1) but holds their replies until
   * `release()`; a caller that gives up or dies never learns the message was created.
   */
  hold(times?: number): void;
  /** Sends the held replies (to callers still connected) and stops holding. */
  release(): void;
  /** Send requests whose reply is being held now, their callers still connected. */
  readonly held: number;
  /** Stops listening; connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export interface TwilioPeerOptions {
  accountSid?: string;
  authToken?: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const ROUTE = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;

interface StoredSms extends ReceivedSms {
  createdAt: Date;
}

/** Starts a Twilio peer on an ephemeral port. */
export async function startTwilioPeer(options: TwilioPeerOptions = {}): Promise<TwilioPeer> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  const messages: StoredSms[] = [];
  const failures: { failure: TwilioFailure; left: number }[] = [];
  const heldReplies: (() => void)[] = [];
  let holdNext = 0;
  let requests = 0;
  let server: Server | undefined;
  let port = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = url.pathname;
    const route = ROUTE.exec(path);
    if ((req.method !== 'POST' && req.method !== 'GET') || !route) {
      return reply(res, 404, error(404, 20404, `The requested resource ${path} was not found`));
    }
    if (
      req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
    ) {
      return reply(res, 401, error(401, 20003, 'Authenticate'));
    }
    if (route[1] !== accountSid)
      return reply(res, 404, error(404, 20404, `The requested resource ${path} was not found`));
    if (req.method === 'GET') return reply(res, 200, listPage(path, url.searchParams));
    requests += 1;
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const programmed = failures[0];
    if (programmed) {
      programmed.left -= 1;
      if (programmed.left <= 0) failures.shift();
      const { status, code = 20_000 + status, message = `HTTP ${status}` } = programmed.failure;
      return reply(res, status, error(status, code, message));
    }
    const { To: to = '', From: from = '', Body: body = '' } = params;
    if (!to) return reply(res, 400, error(400, 21604, "A 'To' phone number is required."));
    if (!E164.test(to))
      return reply(res, 400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!from) return reply(res, 400, error(400, 21603, "A 'From' phone number is required."));
    if (!body) return reply(res, 400, error(400, 21602, 'Message body is required.'));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const createdAt = new Date();
    messages.push({ sid, accountSid, to, from, body, params, createdAt, receivedAt: createdAt.getTime() });
    const answer = () => reply(res, 201, messageResource({ sid, accountSid, to, from, body, createdAt }));
    if (holdNext > 0) {
      holdNext -= 1;
      heldReplies.push(answer);
      // A caller that gives up (or dies) leaves the message created and the reply undelivered.
      res.once('close', () => {
        const at = heldReplies.indexOf(answer);
        if (at >= 0) heldReplies.splice(at, 1);
      });
      return;
    }
    answer();
  }

  /** GET Messages.json: To and From filters, newest first, one page of PageSize (default 50). */
  function listPage(path: string, query: URLSearchParams) {
    const to = query.get('To');
    const from = query.get('From');
    const pageSize = Math.min(1000, Number(query.get('PageSize') ?? 50) || 50);
    const found = messages
      .filter((m) => (!to || m.to === to) && (!from || m.from === from))
      .reverse()
      .slice(0, pageSize);
    return {
      messages: found.map(messageResource),
      end: Math.max(0, found.length - 1),
      first_page_uri: `${path}?PageSize=${pageSize}&Page=0`,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri: `${path}?PageSize=${pageSize}&Page=0`,
    };
  }

  const listen = async () => {
    const next = createServer((req, res) => {
      handle(req, res).catch(() => reply(res, 500, error(500, 20500, 'Internal Server Error')));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
    const address = next.address();
    if (address && typeof address === 'object') port = address.port;
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    if (!current) return;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    // Keep-alive sockets of the client would hold the server open.
    current.closeAllConnections();
    await closed;
  };

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    accountSid,
    authToken,
    messages,
    get requests() {
      return requests;
    },
    fail(failure, times = Number.POSITIVE_INFINITY) {
      failures.push({ failure, left: times });
    },
    clearFailures() {
      failures.length = 0;
    },
    hold(times = 1) {
      holdNext = times;
    },
    release() {
      holdNext = 0;
      for (const answer of heldReplies.splice(0)) answer();
    },
    get held() {
      return heldReplies.length;
    },
    down: stop,
    async up() {
      if (!server) await listen();
    },
    close: stop,
  };
}

function error(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

function messageResource(m: {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  createdAt: Date;
}) {
  const now = m.createdAt.toUTCString().replace('GMT', '+0000');
  return {
    account_sid: m.accountSid,
    api_version: '2010-04-01',
    body: m.body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(m.body.length / 160))),
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status: 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  // A caller that gave up on a held reply is gone.
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
