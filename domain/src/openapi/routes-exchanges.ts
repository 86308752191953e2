/** The reference's entries for exchange accounts synced read-only (docs/exchanges.md). */
import { z } from 'zod';
import {
  ZAdjustToExchange,
  ZConnectExchangeAccount,
  ZMapExchangeAsset,
  type ExchangeAccountView,
  type ExchangeOption,
  type HoldingLocations,
  type PortfolioLocations,
} from '../exchanges/accounts.ts';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import type { RouteDoc } from './route-doc.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

const ZExchangeOption = responseSchema<ExchangeOption>()(
  z
    .strictObject({
      id: z.string().meta({ description: "ccxt's exchange id ('binance', 'kraken', …), or 'demo'." }),
      name: z.string(),
      firstClass: z.boolean().meta({ description: 'Named in the picker, tested and documented.' }),
      needsPassword: z.boolean().meta({ description: 'The key comes with a passphrase.' }),
      reportsPermissions: z
        .boolean()
        .meta({ description: 'The exchange tells what a key may do; otherwise confirmReadOnly is needed.' }),
    })
    .meta({ id: 'ExchangeOption' }),
);

export const ZExchangeAccountView = responseSchema<ExchangeAccountView>()(
  z
    .strictObject({
      id: z.uuid(),
      exchange: z.string(),
      exchangeName: z.string(),
      label: z.string(),
      status: z
        .enum(['active', 'stopped'])
        .meta({ description: 'stopped: the exchange refused the key for good; lastError says why.' }),
      syncing: z.boolean(),
      lastSyncAt: nullable(isoTime),
      lastError: nullable(z.string()),
      unmappedAssets: z.array(z.string()).meta({
        description:
          'Asset codes the syncs could not map to a coin; their movements wait until each is mapped.',
      }),
      createdAt: isoTime,
    })
    .meta({ id: 'ExchangeAccount' }),
);

const ZHoldingLocations = responseSchema<HoldingLocations>()(
  z
    .strictObject({
      holdingId: z.uuid(),
      symbol: z.string(),
      locations: z.array(
        z.strictObject({
          locationId: nullable(z.uuid()).meta({ description: 'The exchange account; null for by hand.' }),
          label: z.string(),
          exchange: nullable(z.string()),
          quantity: z
            .string()
            .meta({ description: 'Decimal string: what the transactions of this place add up to.' }),
          exchangeBalance: nullable(z.string()).meta({
            description: 'Decimal string: the balance the exchange reported at the last sync (every wallet).',
          }),
          differs: z.boolean(),
        }),
      ),
    })
    .meta({ id: 'HoldingLocations' }),
);

const ZPortfolioLocations = responseSchema<PortfolioLocations>()(
  z.strictObject({
    accounts: z.array(z.strictObject({ id: z.uuid(), label: z.string(), exchange: z.string() })),
    wallets: z.array(z.strictObject({ id: z.uuid(), label: z.string(), kind: z.string() })),
    holdings: z.record(z.string(), z.array(z.string())).meta({
      description:
        "Per holding id, the places holding some of it: exchange account and wallet ids, '' for by hand.",
    }),
  }),
);

const holdingId = { holdingId: { schema: z.uuid(), description: 'The holding id.' } };

const accountId = { id: { schema: z.uuid(), description: 'The exchange account id.' } };

export const EXCHANGE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/exchanges',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Exchanges that can be connected',
    description: 'The picker: first-class exchanges first, the Demo exchange (any key, no settings) always.',
    responses: { 200: { description: 'The exchanges.', schema: z.array(ZExchangeOption) } },
  },
  {
    method: 'get',
    path: '/api/exchange-accounts',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Connected exchange accounts',
    description: 'With their last sync, status and last error. Never the key or the secret.',
    responses: { 200: { description: 'The accounts, oldest first.', schema: z.array(ZExchangeAccountView) } },
  },
  {
    method: 'post',
    path: '/api/exchange-accounts',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Connect an exchange account with a read-only key',
    description:
      'Tries the key once: a key the exchange refuses is answered in words (wrong key, wrong secret, ' +
      'IP-restricted, clock), a key able to trade or withdraw is refused, and where the exchange cannot ' +
      'tell, confirmReadOnly must be true. The key is kept sealed (AES-256-GCM) and the first sync starts.',
    body: { schema: ZConnectExchangeAccount, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      201: { description: 'Connected; its first sync is running.', schema: ZExchangeAccountView },
      400: 'Unknown exchange, a refused key, a key that can trade or withdraw, a missing passphrase, or read-only not confirmed.',
      409: 'The user has the most exchange accounts allowed.',
      503: 'The exchange did not answer or limits requests; try again.',
    },
    rateLimit: '20 connections per user per hour',
  },
  {
    method: 'delete',
    path: '/api/exchange-accounts/{id}',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Delete an exchange account',
    description:
      'Deletes the account and its sealed key; the transactions it synced stay, as entered by hand.',
    params: accountId,
    responses: { 204: 'Deleted.', 404: 'No such account of this user.' },
  },
  {
    method: 'post',
    path: '/api/exchange-accounts/{id}/sync',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Sync now',
    description:
      'Queues a sync (one per account at a time); its progress and result arrive as the socket event ' +
      '`exchange:sync`.',
    params: accountId,
    responses: {
      202: {
        description: 'Queued.',
        schema: z.strictObject({ jobId: z.string(), account: ZExchangeAccountView }),
      },
      404: 'No such account of this user.',
      409: 'The exchange refused the key for good; connect a new one.',
    },
    rateLimit: '30 per user per hour',
  },
  {
    method: 'post',
    path: '/api/exchange-accounts/{id}/assets',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Map an asset code to a coin',
    description:
      'The coin an asset code of the exchanges is, for this user and every later sync (it wins over the ' +
      'coin list). The account reads its history again at once, so the movements of a code it could not ' +
      'map are imported (each still once).',
    params: accountId,
    body: { schema: ZMapExchangeAsset, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'Mapped; the account with its sync queued.', schema: ZExchangeAccountView },
      404: 'No such account of this user, or the account has no unrecognised asset of that code.',
      409: 'The exchange refused the key for good; connect a new one.',
    },
    rateLimit: '30 per user per hour, with Sync now',
  },
  {
    method: 'get',
    path: '/api/holding-locations',
    tag: 'Exchanges',
    access: 'user',
    summary: 'Where every holding is',
    description:
      'For the portfolio table’s location filter: the accounts, and per holding the places holding some.',
    responses: { 200: { description: 'The locations.', schema: ZPortfolioLocations } },
  },
  {
    method: 'get',
    path: '/api/holding-locations/{holdingId}',
    tag: 'Exchanges',
    access: 'user',
    summary: 'A holding per location',
    description: 'Quantity by hand and per exchange account, with the exchange’s balance where it differs.',
    params: holdingId,
    responses: {
      200: { description: 'The holding’s places.', schema: ZHoldingLocations },
      404: 'No such holding of this user.',
    },
  },
  {
    method: 'post',
    path: '/api/holding-locations/{holdingId}/adjust',
    tag: 'Exchanges',
    access: 'user',
    summary: "Adjust to the exchange's balance",
    description:
      'Records an adjust on that exchange account, so the holding holds what the exchange last reported ' +
      'there; the other places are unchanged. Nothing is recorded when they agree. (An account whose ' +
      'sync stopped before it read the balances answers 409 until a sync finishes.)',
    params: holdingId,
    body: { schema: ZAdjustToExchange, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The holding’s places after the adjustment.', schema: ZHoldingLocations },
      404: 'No such holding, or the account is not a place of it.',
    },
  },
];
