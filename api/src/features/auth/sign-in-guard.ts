/**
 * The limits of local sign-in (and of account deletion's password check): failure budgets
 * per e-mail and client key, per client key and for everyone; a client key's clean record, which earns
 * reserved places in the password-hashing queue; and a pace for attempts on an account under attack.
 * Every count is by client key (an IPv6 /64 is one client), never by full address.
 */
import { AppError } from '@coinpace/domain';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../logger.ts';
import type { LimiterFactory } from '../../middleware/limiters.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { HashSender } from './password-hashing.ts';

/** Failed sign-ins one client key may make on one e-mail in 15 minutes: slows guessing one password. */
export const SIGN_IN_FAILURES_PER_EMAIL_AND_KEY = { points: 10, duration: 15 * 60 } as const;
/**
 * Failed sign-ins (and refusals for a full hashing queue) one client key may make across every e-mail
 * in 15 minutes (password spraying); then 429 until the window ends.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS = { points: 30, duration: 15 * 60 } as const;
/**
 * Failed sign-ins across all client keys per minute. Past it, senders without a clean record wait for
 * the next minute; senders with one are never refused by it, so a guessing run spread over many keys
 * is slowed without locking everyone out.
 */
export const SIGN_IN_FAILURES_GLOBAL = { points: 300, duration: 60 } as const;
/**
 * A client key keeps a clean record while it has made fewer failed sign-ins than this in the per-key
 * window (a typo or two is no stain). A clean record earns the reserved hashing places and is never
 * refused by the global limit.
 */
export const CLEAN_RECORD_FAILURES = 3;
/** Failed sign-ins on one account (from anyone) in 15 minutes from which it counts as under attack. */
export const ACCOUNT_UNDER_ATTACK = { points: 5, duration: 15 * 60 } as const;
/**
 * The pace of attempts on an account under attack from senders without a clean record: one per
 * 2 seconds per account. It slows guessing; it never locks: a sender with a clean record (the owner on
 * their own line) is not paced at all.
 */
export const ACCOUNT_PACE = { points: 1, duration: 2 } as const;
/** Paced attempts that may wait on one account in a process; more are refused with 429. */
export const MAX_PACED_PER_ACCOUNT = 4;
/** Refusals for a full hashing queue are logged once per this many ms, with the count since. */
export const REFUSAL_LOG_WINDOW_MS = 60_000;

const GLOBAL_KEY = 'all';

/** The sign-in limits, counted in the limiters `limiters` makes (in Redis when several processes share). */
export function signInGuard(limiters: LimiterFactory, logger: Logger) {
  const perEmailAndKey = limiters('sign-in-failures', SIGN_IN_FAILURES_PER_EMAIL_AND_KEY);
  const perKey = limiters('sign-in-failures-address', SIGN_IN_FAILURES_PER_ADDRESS);
  const everywhere = limiters('sign-in-failures-global', SIGN_IN_FAILURES_GLOBAL);
  const perAccount = limiters('sign-in-failures-account', ACCOUNT_UNDER_ATTACK);
  const pace = createPacer(limiters('sign-in-account-pace', ACCOUNT_PACE), MAX_PACED_PER_ACCOUNT);
  const warnRefused = oncePerWindow(logger, REFUSAL_LOG_WINDOW_MS);
  const emailKey = (sender: HashSender, email: string) => `sign-in:${sender.key}:${email}`;

  const recordOf = async (ctx: { ip: string }) => {
    const key = clientKeyOf(ctx);
    const used = await perKey.get(key);
    const sender: HashSender = { key, clean: (used?.consumedPoints ?? 0) < CLEAN_RECORD_FAILURES };
    return { sender, used };
  };
  const senderOf = async (ctx: { ip: string }) => (await recordOf(ctx)).sender;

  return {
    /** The sender of a request, without refusing it (sign-up's hashing). */
    senderOf,

    /**
     * The sender of a sign-in, or 429 when its key has used up its failures, or when everyone has and
     * the key has no clean record. Cheap: checked before the body is read and before any hash.
     */
    async admit(ctx: { ip: string }): Promise<HashSender> {
      const { sender, used } = await recordOf(ctx);
      if (used) refuseIfUsedUp(used);
      if (!sender.clean) await refuseWhenUsedUp(everywhere, GLOBAL_KEY);
      return sender;
    },

    /**
     * 429 when `sender` has used up its failures on `email`; then, for an account under attack and a
     * sender without a clean record, waits its turn at the account's pace (429 when too many wait).
     */
    async beforeAttempt(sender: HashSender, email: string): Promise<void> {
      await refuseWhenUsedUp(perEmailAndKey, emailKey(sender, email));
      if (sender.clean) return;
      const account = await perAccount.get(email);
      if (!account || account.remainingPoints > 0) return;
      if (!(await pace(email))) {
        await perKey.penalty(sender.key, 1);
        throw new AppError('RATE_LIMITED', { retryAfter: ACCOUNT_PACE.duration });
      }
    },

    /** Counts a wrong e-mail or password against the e-mail and key, the key, everyone and the account. */
    async failed(sender: HashSender, email: string): Promise<void> {
      await Promise.all([
        perEmailAndKey.penalty(emailKey(sender, email), 1),
        perKey.penalty(sender.key, 1),
        everywhere.penalty(GLOBAL_KEY, 1),
        perAccount.penalty(email, 1),
      ]);
    },

    /** Forgets the sender's failures on `email` once it signed in. */
    async succeeded(sender: HashSender, email: string): Promise<void> {
      await perEmailAndKey.delete(emailKey(sender, email));
    },

    /**
     * A refusal for a full hashing queue costs its sender one failure of its key's budget (so a flood
     * stains its own record and is soon refused before it reaches the queue), and is logged at warn
     * once per window, not once per request.
     */
    async refused(sender: HashSender): Promise<void> {
      await perKey.penalty(sender.key, 1);
      warnRefused({ clientKey: sender.key }, 'sign-in refused: the password-hashing queue is full');
    },
  };
}

async function refuseWhenUsedUp(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const used = await limiter.get(key);
  if (used) refuseIfUsedUp(used);
}

function refuseIfUsedUp(used: RateLimiterRes): void {
  if (used.remainingPoints <= 0)
    throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
}

/**
 * Waits until `key` may take a point of `limiter` (the limiter counts, in Redis across processes when
 * it is a Redis limiter); false at once when `maxWaiting` already wait for `key` here. Unlike
 * rate-limiter-flexible's RateLimiterQueue, which keeps a queue per key for the life of the process,
 * nothing is kept for a key nobody waits on.
 */
export function createPacer(limiter: RateLimiterAbstract, maxWaiting: number) {
  const waiting = new Map<string, number>();
  return async (key: string): Promise<boolean> => {
    const count = waiting.get(key) ?? 0;
    if (count >= maxWaiting) return false;
    waiting.set(key, count + 1);
    try {
      for (;;) {
        try {
          await limiter.consume(key);
          return true;
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          await new Promise((resolve) => setTimeout(resolve, Math.max(10, rejection.msBeforeNext)));
        }
      }
    } finally {
      const left = (waiting.get(key) ?? 1) - 1;
      if (left > 0) waiting.set(key, left);
      else waiting.delete(key);
    }
  };
}

/**
 * A warn logger that writes the first line of each `windowMs` and counts the rest, reporting the count
 * with the next line written (`notLogged`), so a flood costs a line a minute, not one per request.
 */
export function oncePerWindow(logger: Pick<Logger, 'warn'>, windowMs: number, now: () => number = Date.now) {
  let quietUntil = 0;
  let unlogged = 0;
  return (fields: Record<string, unknown>, msg: string): void => {
    const at = now();
    if (at < quietUntil) {
      unlogged += 1;
      return;
    }
    logger.warn({ ...fields, notLogged: unlogged, windowMs }, msg);
    unlogged = 0;
    quietUntil = at + windowMs;
  };
}
