/**
 * Schemas of what the API answers (the request schemas live beside each feature in ../schemas). They
 * exist for the API reference and its test, which checks real answers against them; each is
 * tied to the TypeScript type its route returns by `responseSchema`.
 */
import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorBody } from '../errors.ts';
import { type FxRatesView } from '../format/currency.ts';
import { ZDisplayCurrency } from '../schemas/common.ts';
import { COST_METHODS } from '../transactions/cost-basis.ts';
import type { PriceMap } from '../prices/types.ts';
import type { SearchResponse } from '../schemas/prices.ts';
import type { BetaSignupCount, CheckPasswordResult } from '../schemas/public.ts';
import type { PriceUpdateResult, TrackedCoinView } from '../schemas/prices.ts';
import type {
  AuthResult,
  PendingVerifications,
  PublicConfig,
  SignUpAccepted,
  UserView,
  VerificationSent,
} from '../schemas/users.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

const errorCodes = Object.keys(ERROR_CATALOGUE) as [
  keyof typeof ERROR_CATALOGUE,
  ...(keyof typeof ERROR_CATALOGUE)[],
];

/** Every error answer: `{error, code, details?}` (DESIGN.md section 4); `details` lists zod issues on a 400. */
export const ZErrorBody = responseSchema<ErrorBody>()(
  z
    .strictObject({
      error: z.string().meta({ description: 'A message that may be shown to the user (generic for 5xx).' }),
      code: z.enum(errorCodes).optional(),
      details: z.unknown().optional(),
    })
    .meta({ id: 'Error' }),
);

export const ZUserView = responseSchema<UserView>()(
  z
    .strictObject({
      id: z.uuid(),
      clerkId: z.string().meta({ description: "The identity subject: Clerk's user id, or a local id." }),
      email: nullable(z.string()),
      firstName: nullable(z.string()),
      phone: nullable(z.string()).meta({ description: 'E.164' }),
      emailVerified: z.boolean().meta({ description: 'The e-mail address was confirmed by a link.' }),
      phoneVerified: z.boolean().meta({ description: 'The phone number was confirmed by an SMS code.' }),
      costMethod: z.enum(COST_METHODS).meta({
        description: 'The saved cost method: realised gain by average cost or first in, first out.',
      }),
      displayCurrency: ZDisplayCurrency.meta({
        description: 'The currency the screens show amounts in; every amount the API sends is in USD.',
      }),
      createdAt: isoTime,
    })
    .meta({ id: 'User' }),
);

export const ZUserEnvelope = z.strictObject({ user: ZUserView });

export const ZVerificationSent = responseSchema<VerificationSent>()(
  z.strictObject({
    channel: z.enum(['email', 'sms']),
    destination: z.string().meta({ description: 'The address or number the link / code went to.' }),
    expiresAt: isoTime,
    resendAfter: isoTime,
  }),
);

export const ZPendingVerifications = responseSchema<PendingVerifications>()(
  z.strictObject({ pending: z.array(ZVerificationSent) }),
);

export const ZAuthResult = responseSchema<AuthResult>()(
  z.strictObject({
    token: z.string().meta({ description: 'Bearer token for later calls.' }),
    user: ZUserView,
  }),
);

export const ZSignUpAccepted = responseSchema<SignUpAccepted>()(
  z.strictObject({
    email: z.string().meta({ description: 'The address the link (or, for a taken e-mail, a note) went to.' }),
    message: z
      .string()
      .meta({ description: "What to do next: 'Check your e-mail to confirm your address...'" }),
  }),
);

export const ZPublicConfig = responseSchema<PublicConfig>()(
  z.strictObject({
    identity: z.union([
      z.strictObject({ mode: z.literal('local') }),
      z.strictObject({ mode: z.literal('clerk'), publishableKey: nullable(z.string()) }),
    ]),
    maintenanceMode: z.boolean(),
    sitePasswordRequired: z.boolean(),
    priceSource: z.enum(['coingecko', 'simulated']),
    payments: z.enum(['local', 'stripe']),
    supportEmail: z.string(),
  }),
);

export const ZCheckPasswordResult = responseSchema<CheckPasswordResult>()(
  z.strictObject({ success: z.boolean() }),
);
export const ZSuccess = responseSchema<{ success: true }>()(z.strictObject({ success: z.literal(true) }));

export const ZHealth = z.strictObject({ status: z.literal('ok') });
export const ZReady = z.strictObject({ status: z.literal('ready') });
export const ZNotReady = z.strictObject({ status: z.literal('unavailable'), error: z.string() });

export const ZPriceMap = responseSchema<PriceMap>()(
  z
    .record(
      z.string(),
      z.strictObject({
        usd: z.number(),
        usd_24h_change: nullable(z.number()),
        last_updated: z.number().meta({ description: 'Unix seconds; 0 for a built-in fallback price.' }),
      }),
    )
    .meta({ id: 'PriceMap', description: 'Prices by CoinGecko id (or lower-case contract address).' }),
);

export const ZFxRatesView = responseSchema<FxRatesView>()(
  z
    .strictObject({
      rates: z.partialRecord(ZDisplayCurrency, z.number().positive()).meta({
        description: 'Units of each currency one US dollar buys (usd is 1), read with the latest prices.',
      }),
      updatedAt: nullable(isoTime),
    })
    .meta({ id: 'FxRates' }),
);

export const ZTrackedCoinView = responseSchema<TrackedCoinView>()(
  z.strictObject({
    coingeckoId: z.string(),
    name: z.string(),
    symbol: z.string(),
    address: nullable(z.string()),
  }),
);

export const ZTrackResult = z.strictObject({ success: z.literal(true), coin: ZTrackedCoinView });

export const ZPriceUpdateResult = responseSchema<PriceUpdateResult>()(
  z.strictObject({ prices: ZPriceMap, updatedAt: z.number().meta({ description: 'Epoch ms.' }) }),
);

export const ZSearchResponse = responseSchema<SearchResponse>()(
  z.strictObject({
    source: z.enum(['live', 'rate_limited', 'unavailable', 'simulated']).meta({
      description:
        'The price source when the search was answered: no coins with rate_limited or unavailable means the search could not reach prices.',
    }),
    coins: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        image: nullable(z.string()),
        current_price: z.number(),
        price_change_percentage_24h: nullable(z.number()),
        contract_address: nullable(z.string()),
      }),
    ),
  }),
);

export const ZBetaSignupCount = responseSchema<BetaSignupCount>()(
  z.strictObject({ count: z.int().min(0), remaining: z.int().min(0) }),
);

/** CoinGecko's own JSON, passed through (an object or a list, by route). */
export const ZUpstreamJson = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/** The OpenAPI document itself. */
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.looseObject({}),
});
