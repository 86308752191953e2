/**
 * The caps every code or link we send to prove an address passes (contact verification and sign-up
 * confirmation): a destination gets a few an hour and a day whoever asks, and all users together a
 * configured number an hour, past which an operator is alarmed (metric and one warning per window).
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  CODES_PER_DESTINATION,
  VERIFICATION_TEXTS,
  destinationCapText,
  waitText,
  type Config,
  type ContactChannel,
} from '@coinpace/domain';
import { Counter, Gauge, type Registry } from 'prom-client';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../logger.ts';
import type { LimiterFactory } from '../../middleware/limiters.ts';

const HOUR = 3600;

/** Counts codes and refuses past a cap; one per app, shared by every route that sends a code. */
export interface OutgoingCodes {
  /**
   * Counts one code to `destination` (an e-mail address or an E.164 number) against its hourly and daily
   * caps and the cap for everyone.
   * @throws AppError RATE_LIMITED (429, Retry-After) saying which cap and how long to wait.
   */
  admit(channel: ContactChannel, destination: string): Promise<void>;
}

export interface OutgoingCodesDeps {
  config: Pick<Config, 'verification'>;
  limiters: LimiterFactory;
  metrics: Registry;
  logger: Logger;
}

/** Makes the caps and registers their metrics in `metrics` (once per registry). */
export function createOutgoingCodes({ config, limiters, metrics, logger }: OutgoingCodesDeps): OutgoingCodes {
  const perHour = limiters('codes-per-destination-hour', {
    points: CODES_PER_DESTINATION.perHour,
    duration: HOUR,
  });
  const perDay = limiters('codes-per-destination-day', {
    points: CODES_PER_DESTINATION.perDay,
    duration: 24 * HOUR,
  });
  const cap = config.verification.codesPerHour;
  const everyone = limiters('codes-global', { points: cap, duration: HOUR });
  const codes = new Counter({
    name: 'coinpace_verification_codes_total',
    help: 'Codes and links to confirm an address, by channel and outcome (sent, destination_cap, global_cap)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [metrics],
  });
  const capReached = new Gauge({
    name: 'coinpace_verification_global_cap_reached',
    help: '1 while the hourly cap on codes for all users (VERIFICATION_CODES_PER_HOUR) refuses codes, else 0',
    registers: [metrics],
  });
  const usedThisHour = new Gauge({
    name: 'coinpace_verification_codes_hour_used',
    help: 'Codes counted against the hourly cap for all users in the current window',
    registers: [metrics],
  });
  new Gauge({
    name: 'coinpace_verification_codes_hour_cap',
    help: 'The hourly cap on codes for all users (VERIFICATION_CODES_PER_HOUR)',
    registers: [metrics],
  }).set(cap);
  let warnedUntil = 0;

  return {
    async admit(channel, destination) {
      const key = destinationKey(destination);
      for (const limiter of [perHour, perDay]) {
        const refused = await refusal(limiter, key);
        if (refused !== undefined) {
          codes.inc({ channel, outcome: 'destination_cap' });
          throw new AppError('RATE_LIMITED', {
            message: destinationCapText(channel, waitText(refused)),
            retryAfter: refused,
          });
        }
      }
      const refused = await refusal(everyone, 'all', (used) => usedThisHour.set(Math.min(used, cap)));
      if (refused !== undefined) {
        codes.inc({ channel, outcome: 'global_cap' });
        capReached.set(1);
        // One line per window, not one per refused request: a flood must not flood the log too.
        if (Date.now() >= warnedUntil) {
          warnedUntil = Date.now() + refused * 1000;
          logger.warn(
            { cap, retryAfterSeconds: refused },
            'verification codes: the hourly cap for all users is reached; codes are refused until the window ends',
          );
        }
        throw new AppError('RATE_LIMITED', { message: VERIFICATION_TEXTS.globalCap, retryAfter: refused });
      }
      capReached.set(0);
      codes.inc({ channel, outcome: 'sent' });
    },
  };
}

/**
 * The limiter key of a destination: its digest, so Redis never holds the addresses, and the same key for
 * an address however it is capitalised.
 */
function destinationKey(destination: string): string {
  return createHash('sha256').update(destination.trim().toLowerCase()).digest('base64url');
}

/** Consumes one point; undefined when allowed, else the seconds until a point is free again. */
async function refusal(
  limiter: RateLimiterAbstract,
  key: string,
  used?: (points: number) => void,
): Promise<number | undefined> {
  try {
    const result = await limiter.consume(key);
    used?.(result.consumedPoints);
    return undefined;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      used?.(rejection.consumedPoints);
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}
