/**
 * The one door to CoinGecko's HTTP API for an adapter instance: base URL and API key header, the users'
 * share of the quota, the serial limiter, the 429 lock, request timeouts, and the source state that
 * follows from each answer.
 */
import type { PriceSourceState } from '@coinpace/domain';
import { LimiterFullError, SerialLimiter, type CallPriority } from './limiter.ts';
import type { PriceLogger } from './logger.ts';
import type { UpstreamBudget } from './user-budget.ts';

/** The answer to one upstream call; failures are values, never thrown. */
export type UpstreamOutcome =
  | { ok: true; status: number; body: unknown }
  /** Upstream answered 429; the lock now runs until lockedUntil (epoch ms). */
  | { ok: false; kind: 'rate_limited'; status: 429; body: unknown; lockedUntil: number }
  /** Not sent: a rate-limit lock is running until lockedUntil (epoch ms). */
  | { ok: false; kind: 'locked'; lockedUntil: number }
  /** Not sent: too many ordinary calls are waiting already (the limiter's bounded queue). */
  | { ok: false; kind: 'busy' }
  /**
   * Not sent: a user-driven call found the users' share of the quota spent; the next token is due at
   * lockedUntil (epoch ms). Answered as a rate limit, for this call only: the source's state is untouched.
   */
  | { ok: false; kind: 'over_budget'; lockedUntil: number }
  /** Upstream answered another 4xx (404 included); the source itself is fine. */
  | { ok: false; kind: 'client_error'; status: number; body: unknown }
  /** Upstream answered 5xx. */
  | { ok: false; kind: 'server_error'; status: number; body: unknown }
  | { ok: false; kind: 'timeout' | 'network' | 'bad_body'; message: string };

/** Settings of the upstream door; the adapter's options supply them. */
export interface UpstreamSettings {
  baseUrl: string;
  apiKey?: string;
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  logger: PriceLogger;
  minGapMs: number;
  lockMs: number;
  /** Most ordinary calls waiting in the limiter at once. */
  maxQueuedCalls: number;
  /** The users' share: every 'normal' (user-driven) call takes a token first. */
  userBudget: UpstreamBudget;
  /** The history backfill's share: every getHistory call takes a token first. */
  historyBudget: UpstreamBudget;
  /** Told of every user-driven call: allowed a token, or refused for want of one (metrics). */
  onUserCall: (outcome: 'allowed' | 'refused') => void;
}

/** The message of a rate-limited state, also given with a call refused for want of the users' share. */
export const RATE_LIMIT_MESSAGE =
  'API Rate Limit Reached - Prices may not update for 2 minutes. Using cached prices.';

/**
 * The state one call answers with when it could not ask upstream until `until` (a rate limit, the lock,
 * or the users' share spent): `rate_limited` for this caller, whatever the source's state is for others.
 */
export function limitedState(state: PriceSourceState, until: number): PriceSourceState {
  return {
    status: 'rate_limited',
    lockedUntil: until,
    lastSuccessAt: state.lastSuccessAt,
    message: RATE_LIMIT_MESSAGE,
  };
}

/** The epoch ms until which an outcome says upstream cannot be asked, or undefined for other outcomes. */
export function limitedUntil(outcome: UpstreamOutcome): number | undefined {
  if (outcome.ok) return undefined;
  return outcome.kind === 'rate_limited' || outcome.kind === 'locked' || outcome.kind === 'over_budget'
    ? outcome.lockedUntil
    : undefined;
}

/** The API key header CoinGecko expects: the pro header on its pro host, the demo header anywhere else. */
export function apiKeyHeaderFor(baseUrl: string): 'x-cg-pro-api-key' | 'x-cg-demo-api-key' {
  return new URL(baseUrl).hostname === 'pro-api.coingecko.com' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';
}

export class CoinGeckoUpstream {
  private readonly limiter: SerialLimiter;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private current: PriceSourceState = { status: 'live' };

  constructor(private readonly settings: UpstreamSettings) {
    this.limiter = new SerialLimiter(
      settings.minGapMs,
      settings.now,
      settings.sleep,
      settings.maxQueuedCalls,
    );
    this.base = settings.baseUrl.replace(/\/+$/, '');
    this.headers = { accept: 'application/json' };
    if (settings.apiKey) this.headers[apiKeyHeaderFor(settings.baseUrl)] = settings.apiKey;
  }

  /** The source state after the latest answer (see PriceSourceState). */
  state(): PriceSourceState {
    return { ...this.current };
  }

  /** Epoch ms until which no call is sent, or undefined when no lock runs. */
  lockedUntil(): number | undefined {
    const until = this.current.lockedUntil;
    return until !== undefined && this.settings.now() < until ? until : undefined;
  }

  /**
   * GETs `path` (below the base URL) with `query`, waiting its turn in the limiter, within `timeoutMs`.
   * A `high` call (the price poll) goes before every waiting ordinary one and is never refused. A
   * `normal` call is user-driven: it first takes a token of the users' share (`over_budget` when none is
   * left), and is answered `busy` at once when the queue is full. A `low` call (a background read of
   * the poller) goes after every waiting ordinary one and is bounded the same way.
   */
  async get(
    path: string,
    query: URLSearchParams,
    timeoutMs: number,
    priority: CallPriority = 'normal',
  ): Promise<UpstreamOutcome> {
    if (priority === 'normal') {
      const token = await this.settings.userBudget.take();
      this.settings.onUserCall(token.ok ? 'allowed' : 'refused');
      if (!token.ok) {
        this.settings.logger.debug({ path }, "CoinGecko call refused: the users' share is spent");
        return { ok: false, kind: 'over_budget', lockedUntil: token.nextTokenAt };
      }
    }
    return this.queue(path, query, timeoutMs, priority);
  }

  /**
   * GETs a history read (the poller's backfill): first a token of the history share (`over_budget` when
   * none is left, so neither the poll's share nor the users' is ever spent on history), then at low
   * priority, after every waiting poll and user call.
   */
  async getHistory(path: string, query: URLSearchParams, timeoutMs: number): Promise<UpstreamOutcome> {
    const token = await this.settings.historyBudget.take();
    if (!token.ok) return { ok: false, kind: 'over_budget', lockedUntil: token.nextTokenAt };
    return this.queue(path, query, timeoutMs, 'low');
  }

  private queue(
    path: string,
    query: URLSearchParams,
    timeoutMs: number,
    priority: CallPriority,
  ): Promise<UpstreamOutcome> {
    const locked = (): UpstreamOutcome | undefined => {
      const until = this.lockedUntil();
      return until === undefined ? undefined : { ok: false, kind: 'locked', lockedUntil: until };
    };
    // A call that finds a lock running when its turn comes is answered at once: no wait, no upstream call.
    return this.limiter
      .run(
        async () => {
          const outcome = await this.send(path, query, timeoutMs);
          this.record(path, outcome);
          return outcome;
        },
        locked,
        priority,
      )
      .catch((err: unknown): UpstreamOutcome => {
        if (err instanceof LimiterFullError) return { ok: false, kind: 'busy' };
        throw err;
      });
  }

  private async send(path: string, query: URLSearchParams, timeoutMs: number): Promise<UpstreamOutcome> {
    const qs = query.toString();
    const url = `${this.base}${path}${qs ? `?${qs}` : ''}`;
    let response: Response;
    let text: string;
    try {
      response = await this.settings.fetch(url, {
        headers: this.headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { ok: false, kind: 'timeout', message: `no answer within ${timeoutMs} ms` };
      }
      return { ok: false, kind: 'network', message: describe(error) };
    }
    const body = parseJson(text);
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const lockMs =
        Number.isFinite(retryAfter) && retryAfter * 1000 > this.settings.lockMs
          ? retryAfter * 1000
          : this.settings.lockMs;
      return {
        ok: false,
        kind: 'rate_limited',
        status: 429,
        body,
        lockedUntil: this.settings.now() + lockMs,
      };
    }
    if (response.status >= 500) return { ok: false, kind: 'server_error', status: response.status, body };
    if (response.status >= 400) return { ok: false, kind: 'client_error', status: response.status, body };
    if (body === undefined) return { ok: false, kind: 'bad_body', message: 'the answer was not JSON' };
    return { ok: true, status: response.status, body };
  }

  private record(path: string, outcome: UpstreamOutcome): void {
    const { logger, now } = this.settings;
    if (outcome.ok) {
      this.current = { status: 'live', lastSuccessAt: now() };
      return;
    }
    const lastSuccessAt = this.current.lastSuccessAt;
    switch (outcome.kind) {
      case 'rate_limited':
        logger.warn(
          { path, lockedUntil: outcome.lockedUntil },
          'CoinGecko rate limit: no upstream calls until the lock ends',
        );
        this.current = {
          status: 'rate_limited',
          lockedUntil: outcome.lockedUntil,
          lastSuccessAt,
          message: RATE_LIMIT_MESSAGE,
        };
        return;
      case 'client_error':
        // A 4xx is about this request, not the source's health: log it, keep the state.
        (outcome.status === 404 ? logger.info : logger.warn).call(
          logger,
          { path, status: outcome.status },
          'CoinGecko refused a request',
        );
        return;
      case 'locked':
      case 'busy':
      case 'over_budget':
        return;
      default: {
        const detail = outcome.kind === 'server_error' ? `HTTP ${outcome.status}` : outcome.message;
        logger.warn({ path, kind: outcome.kind, detail }, 'CoinGecko call failed; serving last known prices');
        this.current = {
          status: 'unavailable',
          lastSuccessAt,
          message: `Prices unavailable (${detail}); showing last known prices`,
        };
      }
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
