/**
 * GET /api/users/me/export: everything Coinpace keeps about the signed-in user, as one ZIP archive (profile,
 * settings, holdings, transactions, alerts, alert history, alert destinations, exchange accounts, wallets,
 * invoices; domain accountArchiveFiles says what each file holds). Secrets are never read for it: no
 * password hash, token, verification code, card, exchange API key, webhook signing secret or push key.
 */
import {
  listAlertDestinations,
  listAlertEvents,
  listAlerts,
  listExchangeAccounts,
  listHoldings,
  listUserHistories,
  listWallets,
  type AlertRecord,
  type AppDb,
  type ExchangeAccountSummary,
  type UserRecord,
  type WalletRecord,
} from '@coinpace/db';
import {
  accountArchiveFiles,
  holdingsToCsv,
  transactionsToCsv,
  type ArchiveFile,
  type ArchiveProfile,
  type ArchiveSettings,
} from '@coinpace/domain';
import { strToU8, zip, type Zippable } from 'fflate';
import { destinationView } from '../alert-destinations/view.ts';
import { alertHistoryViews } from '../alerts/alert-history.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { getBillingInfo } from '../billing/get-billing-info.ts';
import { listInvoices } from '../billing/manage-billing.ts';

/** Most alert events an archive carries (far more than any account makes in years of alerts). */
const MAX_EXPORTED_EVENTS = 1_000_000;

/** The archive's files for `user`, gathered from the database and the payment provider. */
export async function accountArchive(
  deps: BillingDeps,
  user: UserRecord,
  signIn: ArchiveProfile['signIn'],
): Promise<ArchiveFile[]> {
  const { db } = deps;
  const [billing, invoices, holdingsCsv, transactionsCsv, alerts, events, destinations, exchanges, wallets] =
    await Promise.all([
      getBillingInfo(deps, user),
      listInvoices(deps, user),
      listHoldings(db, user.id).then(holdingsToCsv),
      transactionsCsvOf(db, user.id),
      listAlerts(db, user.id),
      listAlertEvents(db, user.id, { limit: MAX_EXPORTED_EVENTS }),
      listAlertDestinations(db, user.id),
      listExchangeAccounts(db, user.id),
      listWallets(db, user.id),
    ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const profile: ArchiveProfile = {
    id: user.id,
    signIn,
    email: user.email,
    firstName: user.firstName,
    phone: user.phone,
    createdAt: user.createdAt.toISOString(),
    plan: {
      name: billing.plan,
      status: billing.planStatus,
      cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
      periodEnd: billing.billingCycleEnd,
    },
  };
  const settings: ArchiveSettings = {
    displayCurrency: user.displayCurrency,
    costMethod: user.costMethod,
    contact: {
      email: user.email,
      emailConfirmedAt: iso(user.emailVerifiedAt),
      phone: user.phone,
      phoneConfirmedAt: iso(user.phoneVerifiedAt),
    },
    notifications: {
      email: Boolean(user.email && user.emailVerifiedAt),
      sms: Boolean(user.phone && user.phoneVerifiedAt),
    },
  };
  return accountArchiveFiles({
    exportedAt: deps.now(),
    profile,
    settings,
    holdingsCsv,
    transactionsCsv,
    alerts: alerts.map(({ alert }) => alertSetUp(alert)),
    alertHistory: alertHistoryViews(events),
    // As the API shows them: the signing secret and push keys (sealed) are never read out, and a
    // Discord or Slack URL, which holds that service's token, is left out.
    alertDestinations: destinations.map(destinationView),
    exchangeAccounts: exchanges.map(exchangeAccountSetUp),
    wallets: wallets.map(walletSetUp),
    invoices: invoices.invoices,
  });
}

/**
 * The files as one ZIP. Files of a few hundred kB or more are compressed on worker threads (fflate), so a
 * large portfolio's export does not hold up other requests.
 */
export function zipArchive(files: readonly ArchiveFile[], at: Date): Promise<Uint8Array> {
  const entries: Zippable = {};
  for (const file of files) entries[file.name] = [strToU8(file.text), { mtime: at }];
  return new Promise((resolve, reject) =>
    zip(entries, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))),
  );
}

/** An alert as the user set it up, without the derived fields the engine keeps for ticks. */
function alertSetUp(alert: AlertRecord) {
  return {
    id: alert.id,
    type: alert.type,
    scope: alert.scope,
    coin: alert.coingeckoId
      ? { coingeckoId: alert.coingeckoId, symbol: alert.coinSymbol, name: alert.coinName }
      : null,
    thresholdType: alert.thresholdType,
    thresholdValue: alert.thresholdValue,
    currency: alert.currency,
    notificationMethod: alert.notificationMethod,
    channels: alert.channels,
    status: alert.status,
    pausedBy: alert.pausedBy,
    resetInterval: alert.resetInterval,
    lastTriggered: alert.lastTriggered?.toISOString() ?? null,
    origin: alert.origin,
    createdAt: alert.createdAt.toISOString(),
  };
}

/**
 * An exchange account as connected, with what its syncs found. The summary carries no key (the sealed
 * credentials and their key id are never selected for it), and the sync cursor is internal.
 */
function exchangeAccountSetUp(account: ExchangeAccountSummary) {
  return {
    id: account.id,
    exchange: account.exchange,
    label: account.label,
    status: account.status,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    lastError: account.lastError,
    failingSince: account.failingSince?.toISOString() ?? null,
    unmappedAssets: account.unmappedAssets ?? [],
    balances: account.balances ?? [],
    createdAt: account.createdAt.toISOString(),
  };
}

/** A wallet as added, with the chains it was seen on and the balances last read. */
function walletSetUp(wallet: WalletRecord) {
  return {
    id: wallet.id,
    label: wallet.label,
    kind: wallet.kind,
    address: wallet.address,
    verifiedAt: wallet.verifiedAt?.toISOString() ?? null,
    status: wallet.status,
    chains: wallet.chains,
    lastRefreshAt: wallet.lastRefreshAt?.toISOString() ?? null,
    lastError: wallet.lastError,
    failingSince: wallet.failingSince?.toISOString() ?? null,
    balances: wallet.balances ?? [],
    createdAt: wallet.createdAt.toISOString(),
  };
}

/** Every transaction of every holding, as the portfolio's transactions export writes them. */
async function transactionsCsvOf(db: AppDb, userId: string): Promise<string> {
  const [holdings, histories] = await Promise.all([listHoldings(db, userId), listUserHistories(db, userId)]);
  return transactionsToCsv(
    holdings.flatMap((h) =>
      (histories.get(h.id) ?? []).map((t) => ({
        type: t.kind,
        at: t.at,
        quantity: t.quantity,
        pricePerCoin: t.pricePerCoin,
        fee: t.fee,
        currency: t.currency ?? 'usd',
        note: t.note,
        name: h.name,
        symbol: h.symbol,
        address: h.address,
      })),
    ),
  );
}
