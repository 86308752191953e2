/**
 * The Telegram Bot API, as the alert channel uses it (docs/alert-channels.md): the worker's poller reads
 * the bot's updates (`getUpdates`) to see `/start <code>` from a chat being linked, and the dispatcher
 * sends alerts with `sendMessage`.
 */

/** One update of the Bot API, reduced to what linking reads: a text message and its chat. */
export interface TelegramUpdate {
  updateId: number;
  /** The message's chat; absent for updates that are not a message. */
  chatId?: string;
  text?: string;
}

export interface TelegramBot {
  /** The bot's username, the `t.me/<name>` a link opens. */
  readonly botName: string;
  /**
   * Updates from `offset` on (which confirms every update before it to Telegram), waiting up to
   * `timeoutSeconds` (long polling) when there are none; `signal` ends the wait (shutting down).
   */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
  /** Sends `text` (MarkdownV2 when `markdown`) to a chat. @returns Telegram's message id. */
  sendMessage(chatId: string, text: string, options?: { markdown?: boolean }): Promise<number>;
}

/**
 * The Bot API refused or failed a call. `status` is the HTTP status (429: too many requests, with
 * `retryAfterSeconds`; 403: the user blocked the bot); null when no answer came.
 */
export class TelegramApiError extends Error {
  override name = 'TelegramApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
