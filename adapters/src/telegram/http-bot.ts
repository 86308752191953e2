/**
 * The Bot API over plain HTTPS (`<apiUrl>/bot<token>/<method>`, JSON in and out), so a local HTTP peer
 * stands in for api.telegram.org in tests through TELEGRAM_API_URL.
 */
import { TelegramApiError, type TelegramBot, type TelegramUpdate } from './port.ts';

export interface HttpTelegramBotOptions {
  token: string;
  botName: string;
  /** Default https://api.telegram.org. */
  apiUrl?: string;
  /** How long a call other than a long poll may take, ms. Default 10,000. */
  timeoutMs?: number;
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

interface RawUpdate {
  update_id: number;
  message?: { chat?: { id?: number | string }; text?: string };
}

export function createHttpTelegramBot(options: HttpTelegramBotOptions): TelegramBot {
  const base = `${(options.apiUrl ?? 'https://api.telegram.org').replace(/\/$/, '')}/bot${options.token}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(method: string, body: unknown, waitMs: number, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(waitMs)]) : AbortSignal.timeout(waitMs),
      });
    } catch (err) {
      // The token is in the URL: the message names the method only.
      throw new TelegramApiError(`Telegram ${method}: no answer (${(err as Error).name})`, null);
    }
    let answer: BotAnswer<T> | undefined;
    try {
      answer = (await response.json()) as BotAnswer<T>;
    } catch {
      answer = undefined;
    }
    if (response.ok && answer?.ok) return answer.result as T;
    throw new TelegramApiError(
      `Telegram ${method}: ${response.status} ${answer?.description ?? response.statusText}`,
      response.status,
      answer?.parameters?.retry_after,
    );
  }

  return {
    botName: options.botName,
    async getUpdates(offset, timeoutSeconds, signal) {
      const raw = await call<RawUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        timeoutSeconds * 1000 + timeoutMs,
        signal,
      );
      return raw.map((u): TelegramUpdate => ({
        updateId: u.update_id,
        ...(u.message?.chat?.id !== undefined && { chatId: String(u.message.chat.id) }),
        ...(typeof u.message?.text === 'string' && { text: u.message.text }),
      }));
    },
    async sendMessage(chatId, text, opts) {
      const sent = await call<{ message_id: number }>(
        'sendMessage',
        {
          chat_id: chatId,
          text,
          ...(opts?.markdown && { parse_mode: 'MarkdownV2' }),
          link_preview_options: { is_disabled: true },
        },
        timeoutMs,
      );
      return sent.message_id;
    },
  };
}

/** The bot of TELEGRAM_* settings; undefined without a token (Telegram is not configured). */
export function createTelegramBot(
  config: { token: string; botName: string; apiUrl: string } | null,
): TelegramBot | undefined {
  return config ? createHttpTelegramBot(config) : undefined;
}
