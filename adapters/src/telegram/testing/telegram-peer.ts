/**
 * Test support: a local HTTP peer shaped like the Telegram Bot API (api.telegram.org's routes and
 * answers): `POST /bot<token>/getUpdates` with offset confirmation and long polling, and
 * `POST /bot<token>/sendMessage`, whose answers a test may script (a 429 with `retry_after`, a 403 for a
 * blocked bot). Like Telegram it answers 409 to a second getUpdates while one is waiting.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerSentMessage {
  chatId: string;
  text: string;
  parseMode?: string;
}

export interface TelegramPeer {
  /** The TELEGRAM_API_URL to point the bot at. */
  url: string;
  token: string;
  /** Messages sendMessage accepted (answered ok). */
  sent: PeerSentMessage[];
  /** Every sendMessage call, accepted or not. */
  sendCalls: number;
  /** getUpdates calls refused because another was waiting (two pollers at once). */
  conflicts: number;
  /** A user writes `text` in chat `chatId` (a private chat, as opening a t.me link does). */
  userWrites(chatId: string, text: string): void;
  /** The next sendMessage calls are answered with these, in turn, before the usual 200. */
  failNextSends(...answers: ({ status: 429; retryAfter: number } | { status: 403 | 400 | 500 })[]): void;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad Request: chat not found',
  403: 'Forbidden: bot was blocked by the user',
  429: 'Too Many Requests: retry after',
  500: 'Internal Server Error',
};

export async function startTelegramPeer(token = '123456:TEST-token_abcdefghijklmnop'): Promise<TelegramPeer> {
  const updates: { update_id: number; message: object }[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let waiting: (() => void) | undefined;
  let polling = false;
  const scripted: ({ status: number; retryAfter?: number } & object)[] = [];
  const peer: TelegramPeer = {
    url: '',
    token,
    sent: [],
    sendCalls: 0,
    conflicts: 0,
    userWrites(chatId, text) {
      const id = Number(chatId);
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          from: { id, is_bot: false, first_name: 'Test' },
          chat: { id, type: 'private', first_name: 'Test' },
          date: Math.floor(Date.now() / 1000),
          text,
        },
      });
      waiting?.();
    },
    failNextSends(...answers) {
      scripted.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        waiting?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, retryAfter?: number) =>
    answer(res, status, {
      ok: false,
      error_code: status,
      description: retryAfter ? `${DESCRIPTIONS[429]} ${retryAfter}` : (DESCRIPTIONS[status] ?? 'Error'),
      ...(retryAfter !== undefined && { parameters: { retry_after: retryAfter } }),
    });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match || match[1] !== token) return fail(res, 401);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return fail(res, 400);
      }
      if (match[2] === 'getUpdates') {
        if (polling) {
          peer.conflicts += 1;
          return answer(res, 409, {
            ok: false,
            error_code: 409,
            description: 'Conflict: terminated by other getUpdates request',
          });
        }
        const offset = Number(body.offset ?? 0);
        // Like Telegram, asking from `offset` confirms every update before it: they are not sent again.
        while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
        const reply = () => {
          polling = false;
          waiting = undefined;
          answer(res, 200, { ok: true, result: updates.slice(0, 100) });
        };
        const timeout = Number(body.timeout ?? 0);
        if (updates.length > 0 || timeout <= 0) return reply();
        polling = true;
        const timer = setTimeout(reply, timeout * 1000);
        waiting = () => {
          clearTimeout(timer);
          reply();
        };
        return;
      }
      if (match[2] === 'sendMessage') {
        peer.sendCalls += 1;
        const next = scripted.shift();
        if (next) return fail(res, next.status, next.retryAfter);
        if (typeof body.text !== 'string' || body.text.length === 0 || body.chat_id === undefined) {
          return answer(res, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message text is empty',
          });
        }
        peer.sent.push({
          chatId: String(body.chat_id),
          text: body.text,
          ...(typeof body.parse_mode === 'string' && { parseMode: body.parse_mode }),
        });
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: nextMessageId++,
            chat: { id: Number(body.chat_id), type: 'private' },
            text: body.text,
          },
        });
      }
      answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
