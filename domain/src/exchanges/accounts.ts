/**
 * Exchange accounts synced read-only: the API's payloads, the words a refused key is answered with, and
 * the socket event a sync reports through.
 */
import { z } from 'zod';
import { zCoingeckoId } from '../schemas/common.ts';

// The location label and the sync reach carry no schema: in sync-reach.ts, so the portfolio table that
// shows them does not load zod.
export * from './sync-reach.ts';

/** One exchange of the picker (the exchange port's ExchangeInfo). */
export interface ExchangeOption {
  id: string;
  name: string;
  firstClass: boolean;
  needsPassword: boolean;
  reportsPermissions: boolean;
}

export type ExchangeAccountStatus = 'active' | 'stopped';

/** An exchange account as GET /api/exchange-accounts shows it: never its key. */
export interface ExchangeAccountView {
  id: string;
  exchange: string;
  /** The exchange's name as the picker shows it. */
  exchangeName: string;
  label: string;
  /** active: synced every 15 minutes; stopped: the exchange refused the key for good (see lastError). */
  status: ExchangeAccountStatus;
  /** Whether a sync is queued or running now. */
  syncing: boolean;
  /** ISO 8601, or null before the first sync finished. */
  lastSyncAt: string | null;
  lastError: string | null;
  /**
   * Asset codes the syncs met and could not map to a coin (upper case, sorted): their movements wait
   * until the user maps each to a coin (POST .../assets), then the next sync imports them.
   */
  unmappedAssets: string[];
  createdAt: string;
}

/** POST /api/exchange-accounts/:id/assets: the coin an exchange's asset code is, for every later sync. */
export const ZMapExchangeAsset = z.strictObject({
  asset: z
    .string({ message: 'asset is required' })
    .trim()
    .min(1, { message: 'asset is required' })
    .max(32, { message: 'asset is too long' })
    .regex(/^[A-Za-z0-9._-]+$/, { message: 'asset may hold only letters, digits, dot, dash and underscore' })
    .transform((v) => v.toUpperCase()),
  coingeckoId: zCoingeckoId,
});
export type MapExchangeAsset = z.infer<typeof ZMapExchangeAsset>;

/** Most exchange accounts one user may connect. */
export const MAX_EXCHANGE_ACCOUNTS_PER_USER = 20;

const credential = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, { message: `${name} is required` })
    .max(1000, { message: `${name} is too long` })
    .refine((v) => !/\s/.test(v), { message: `${name} must not contain spaces` });

/** POST /api/exchange-accounts. */
export const ZConnectExchangeAccount = z.strictObject({
  exchange: z
    .string({ message: 'Choose an exchange' })
    .trim()
    .min(1, { message: 'Choose an exchange' })
    .max(40),
  label: z
    .string({ message: 'label is required' })
    .trim()
    .min(1, { message: 'Give the account a name' })
    .max(60, { message: 'The name is too long: at most 60 characters' }),
  apiKey: credential('API key'),
  secret: credential('API secret'),
  password: z.string().trim().max(1000).optional(),
  /** The user's word that the key is read-only, where the exchange cannot tell. */
  confirmReadOnly: z.boolean().optional(),
});
export type ConnectExchangeAccount = z.output<typeof ZConnectExchangeAccount>;

/** The answers to a key the exchange refused, by the port's error kind (ExchangeErrorKind). */
export const EXCHANGE_KEY_MESSAGES = {
  'bad-key': 'The exchange does not know this API key. Copy the key again from the exchange’s API page.',
  'bad-secret':
    'The API secret does not match the key. Copy the secret again (it is shown only once when the key is made).',
  'ip-restricted':
    'The exchange refused the key from our address: the key is limited to other IP addresses. Allow any address for this read-only key, or make a new one without the restriction.',
  'clock-skew': 'The exchange refused the request’s time. Try again in a minute.',
  revoked:
    'The exchange says this key was deleted or has expired. Make a new read-only key and connect it again.',
  'rate-limited': 'The exchange is limiting requests right now. Try again in a few minutes.',
  unavailable: 'The exchange did not answer. Try again in a few minutes.',
  unsupported: 'This exchange is not supported.',
  'not-read-only':
    'This key can trade or withdraw. Coinpace only reads: make a new key on the exchange with only the read (view) permission, and connect that one.',
} as const;

/** Where the exchange cannot tell the key's permissions. */
export const CONFIRM_READ_ONLY_MESSAGE =
  'This exchange does not tell what a key may do. Make sure the key has only the read (view) permission, then tick that it is read-only.';

export const EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE = 'Exchange account not found.';

export const EXCHANGE_NEEDS_PASSWORD_MESSAGE =
  'This exchange needs the passphrase you chose with the API key.';

/** What a sync did, or why it stopped (socket event `exchange:sync`). */
export interface ExchangeSyncPayload {
  accountId: string;
  status: 'running' | 'done' | 'failed';
  /** Share of the first sync read so far (0..1), while running, when the exchange tells. */
  progress: number | null;
  /** Transactions written by this sync so far. */
  added: number;
  /** Why it failed, in words, once failed. */
  error: string | null;
}

/** One place a holding's coins are: by hand (locationId null) or an exchange account. */
export interface HoldingLocation {
  locationId: string | null;
  /** 'By hand', or the account's label. */
  label: string;
  exchange: string | null;
  /** What the holding's transactions of this location add up to. */
  quantity: string;
  /** The coin's balance on the exchange at the last sync (every wallet), or null (by hand, never synced). */
  exchangeBalance: string | null;
  /** Whether the exchange's balance and the synced quantity differ. */
  differs: boolean;
}

/** GET /api/holding-locations/:holdingId. */
export interface HoldingLocations {
  holdingId: string;
  symbol: string;
  locations: HoldingLocation[];
}

/** GET /api/holding-locations: the portfolio table's location filter. */
export interface PortfolioLocations {
  /** The exchange accounts a holding can be on. */
  accounts: { id: string; label: string; exchange: string }[];
  /** The wallets a holding can be in (a wallet is a location as an exchange account is). */
  wallets: { id: string; label: string; kind: string }[];
  /** Per holding, the locations holding a quantity other than zero ('' for by hand). */
  holdings: Record<string, string[]>;
}

/** POST /api/holding-locations/:holdingId/adjust. */
export const ZAdjustToExchange = z.strictObject({
  accountId: z.uuid({ message: 'accountId must be an exchange account id' }),
});
