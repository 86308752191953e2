/** The reference's entries for wallets tracked by public address (docs/wallets.md). */
import { z } from 'zod';
import {
  MAX_WALLETS_PER_USER,
  WALLET_ADDS_PER_HOUR,
  WALLET_REFRESHES_PER_HOUR,
  ZAddWallet,
  type WalletDetail,
  type WalletView,
} from '../wallets/accounts.ts';
import {
  WALLET_SIGN_INS_PER_HOUR,
  WALLET_SIGN_IN_TTL_MS,
  ZConfirmWalletSignIn,
  type WalletSignInChallenge,
} from '../wallets/verification.ts';
import { WALLET_CHAINS, WALLET_KINDS } from '../wallets/recognise.ts';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import type { RouteDoc } from './route-doc.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

const walletFields = {
  id: z.uuid(),
  label: z.string(),
  kind: z.enum(WALLET_KINDS).meta({ description: 'What the address is, as recognised when it was added.' }),
  address: z.string().meta({ description: 'The public address or extended public key (EVM checksummed).' }),
  verified: z.boolean().meta({ description: 'The user proved the address is theirs by signing.' }),
  verifiedAt: nullable(isoTime).meta({ description: 'When it was proved; null while not.' }),
  status: z
    .enum(['active', 'stopped'])
    .meta({ description: 'stopped: a chain refused the address for good; lastError says why.' }),
  refreshing: z.boolean(),
  chains: z
    .array(z.enum(WALLET_CHAINS))
    .meta({ description: 'The chains where the address has activity (EVM chains only where it has).' }),
  lastRefreshAt: nullable(isoTime),
  lastError: nullable(z.string()),
  createdAt: isoTime,
};

export const ZWalletView = responseSchema<WalletView>()(z.strictObject(walletFields).meta({ id: 'Wallet' }));

const ZWalletDetail = responseSchema<WalletDetail>()(
  z
    .strictObject({
      ...walletFields,
      balances: z.array(
        z.strictObject({
          chain: z.enum(WALLET_CHAINS),
          token: nullable(z.string()).meta({ description: 'Contract or mint; null for the native coin.' }),
          symbol: z.string(),
          amount: z.string().meta({ description: 'Decimal string, whole units.' }),
          coingeckoId: nullable(z.string()).meta({
            description:
              'Null for a token the coin list does not know: listed with its contract, not priced.',
          }),
        }),
      ),
    })
    .meta({ id: 'WalletDetail' }),
);

const ZWalletSignInChallenge = responseSchema<WalletSignInChallenge>()(
  z
    .strictObject({
      message: z.string().meta({ description: 'The EIP-4361 message, to sign as it is (personal_sign).' }),
      nonce: z.string(),
      expiresAt: isoTime,
    })
    .meta({ id: 'WalletSignInChallenge' }),
);

const walletId = { id: { schema: z.uuid(), description: 'The wallet id.' } };

export const WALLET_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/wallets',
    tag: 'Wallets',
    access: 'user',
    summary: 'Tracked wallets',
    description: 'With their chains, last refresh, status and last error.',
    responses: { 200: { description: 'The wallets, oldest first.', schema: z.array(ZWalletView) } },
  },
  {
    method: 'post',
    path: '/api/wallets',
    tag: 'Wallets',
    access: 'user',
    summary: 'Track a wallet by its public address',
    description:
      'An EVM address (checksummed or not), a Bitcoin address (P2PKH, P2SH, bech32, taproot) or extended ' +
      'public key (xpub/ypub/zpub), a Solana address, or a demo wallet (`demo:<name>`). A private key, a ' +
      'seed phrase, an extended private key, a Solana secret key, a testnet or malformed address is ' +
      'refused with a message saying what it was, and nothing of it is kept. The first refresh starts.',
    body: { schema: ZAddWallet, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      201: { description: 'Added; its first refresh is running.', schema: ZWalletView },
      400: 'Not a public address Coinpace can track (the message says what it was).',
      409: `The address is tracked already, or the user has ${MAX_WALLETS_PER_USER} wallets.`,
    },
    rateLimit: `${WALLET_ADDS_PER_HOUR} per user per hour`,
  },
  {
    method: 'get',
    path: '/api/wallets/{id}',
    tag: 'Wallets',
    access: 'user',
    summary: 'A wallet with its balances per chain',
    description: 'Tokens the coin list does not know are listed with their contract and no coin id.',
    params: walletId,
    responses: {
      200: { description: 'The wallet.', schema: ZWalletDetail },
      404: 'No such wallet of this user.',
    },
  },
  {
    method: 'delete',
    path: '/api/wallets/{id}',
    tag: 'Wallets',
    access: 'user',
    summary: 'Stop tracking a wallet',
    description: 'The transfers it recorded stay, as entered by hand.',
    params: walletId,
    responses: { 204: 'Deleted.', 404: 'No such wallet of this user.' },
  },
  {
    method: 'post',
    path: '/api/wallets/{id}/refresh',
    tag: 'Wallets',
    access: 'user',
    summary: 'Refresh now',
    description:
      'Queues a refresh (one per wallet at a time, on the exchange-sync queue); its progress and result ' +
      'arrive as the socket event `wallet:refresh`.',
    params: walletId,
    responses: {
      202: {
        description: 'Queued.',
        schema: z.strictObject({ jobId: z.string(), wallet: ZWalletView }),
      },
      404: 'No such wallet of this user.',
      409: 'A chain refused the address for good; delete the wallet and add it again.',
    },
    rateLimit: `${WALLET_REFRESHES_PER_HOUR} per user per hour`,
  },
  {
    method: 'post',
    path: '/api/wallets/{id}/verification',
    tag: 'Wallets',
    access: 'user',
    summary: 'Ask for a Sign-In-with-Ethereum message proving an EVM wallet is yours',
    description:
      "An EIP-4361 message for the wallet's address, on this site's domain, with a new nonce. The nonce " +
      `holds ${WALLET_SIGN_IN_TTL_MS / 60_000} minutes and can be used once.`,
    params: walletId,
    responses: {
      201: { description: 'The message to sign.', schema: ZWalletSignInChallenge },
      404: 'No such wallet of this user.',
      409: 'The wallet is not an EVM address.',
    },
    rateLimit: `${WALLET_SIGN_INS_PER_HOUR} per user per hour`,
  },
  {
    method: 'post',
    path: '/api/wallets/{id}/verification/confirm',
    tag: 'Wallets',
    access: 'user',
    summary: 'Send the signed message back: the wallet is marked verified',
    description:
      'The message must be the one issued for this wallet, not expired and not used before (its nonce is ' +
      "used up by this request, whatever its outcome), and the signature the address's own (personal_sign; " +
      'smart-contract wallets are not supported).',
    params: walletId,
    body: { schema: ZConfirmWalletSignIn, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The wallet, verified.', schema: ZWalletView },
      400: 'Not the message issued, expired, used already, or not signed by the address.',
      404: 'No such wallet of this user.',
    },
  },
];
