/**
 * Where a holding's coins are: by hand and on each exchange account, from the transactions' locations,
 * beside what each exchange reported at its last sync. Where the two differ (staking rewards, history
 * older than the exchange keeps), the user may adjust the holding to the exchange's balance: an `adjust`
 * on that location, so only that exchange's figure moves.
 */
import type Router from '@koa/router';
import {
  changeHoldingHistory,
  findHolding,
  listExchangeAccounts,
  listLocatedTransactions,
  listWallets,
  type AppDb,
  type ExchangeAccountSummary,
  type WalletRecord,
} from '@coinpace/db';
import {
  AppError,
  EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE,
  MANUAL_LOCATION_LABEL,
  ZAdjustToExchange,
  compareDecimal,
  parseOrThrow,
  quantityByLocation,
  fromDecimal,
  toDecimal,
  type HoldingLocation,
  type HoldingLocations,
  type PortfolioLocations,
} from '@coinpace/domain';
import type { Bus } from '@coinpace/adapters';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import { currentUser } from '../../middleware/auth.ts';
import { pathUuid } from '../../path-id.ts';
import { announcePortfolioChange } from '../portfolio/announce-change.ts';

const HOLDING_NOT_FOUND = 'Portfolio item not found.';

/** The coin's balance on an account at its last sync, every wallet together; null before a sync. */
function balanceOf(account: ExchangeAccountSummary, symbol: string): string | null {
  if (!account.balances) return null;
  let total = 0n;
  for (const b of account.balances) {
    if (b.asset.toUpperCase() === symbol.toUpperCase()) total += fromDecimal(b.total);
  }
  return toDecimal(total);
}

/** The coin's balance in a wallet at its last refresh, every chain together; null before a refresh. */
function walletBalanceOf(wallet: WalletRecord, coingeckoId: string | null, symbol: string): string | null {
  if (!wallet.balances) return null;
  let total = 0n;
  for (const b of wallet.balances) {
    const same = coingeckoId
      ? b.coingeckoId === coingeckoId
      : b.symbol.toUpperCase() === symbol.toUpperCase();
    if (same) total += fromDecimal(b.amount);
  }
  return toDecimal(total);
}

export async function holdingLocations(
  db: AppDb,
  userId: string,
  holdingId: string,
): Promise<HoldingLocations> {
  const holding = await findHolding(db, userId, holdingId);
  if (!holding) throw new AppError('NOT_FOUND', { message: HOLDING_NOT_FOUND });
  const [rows, accounts, wallets] = await Promise.all([
    listLocatedTransactions(db, userId, holdingId),
    listExchangeAccounts(db, userId),
    listWallets(db, userId),
  ]);
  const held = quantityByLocation(rows);
  const locations: HoldingLocation[] = [];
  if (held.has(null) || accounts.length + wallets.length === 0) {
    locations.push({
      locationId: null,
      label: MANUAL_LOCATION_LABEL,
      exchange: null,
      quantity: held.get(null) ?? '0',
      exchangeBalance: null,
      differs: false,
    });
  }
  for (const account of accounts) {
    const quantity = held.get(account.id) ?? '0';
    const balance = balanceOf(account, holding.symbol);
    // An account that neither holds the coin nor moved it is no place of this holding.
    if (!held.has(account.id) && (balance === null || compareDecimal(balance, '0') === 0)) continue;
    locations.push({
      locationId: account.id,
      label: account.label,
      exchange: account.exchange,
      quantity,
      exchangeBalance: balance,
      differs: balance !== null && compareDecimal(balance, quantity) !== 0,
    });
  }
  for (const wallet of wallets) {
    const quantity = held.get(wallet.id) ?? '0';
    const balance = walletBalanceOf(wallet, holding.coingeckoId, holding.symbol);
    if (!held.has(wallet.id) && (balance === null || compareDecimal(balance, '0') === 0)) continue;
    locations.push({
      locationId: wallet.id,
      label: wallet.label,
      exchange: null,
      quantity,
      // A wallet's refresh reconciles its quantity with the chain's balance, so the two agree after one.
      exchangeBalance: balance,
      differs: false,
    });
  }
  return { holdingId, symbol: holding.symbol, locations };
}

export function addLocationRoutes(router: Router<AppState>, deps: { db: AppDb; bus: Bus }): void {
  const { db, bus } = deps;
  const holdingId = (id: string | undefined) => pathUuid(id, HOLDING_NOT_FOUND);

  router.get('/holding-locations', async (ctx) => {
    const userId = currentUser(ctx).id;
    const [rows, accounts, wallets] = await Promise.all([
      listLocatedTransactions(db, userId),
      listExchangeAccounts(db, userId),
      listWallets(db, userId),
    ]);
    const byHolding = new Map<string, typeof rows>();
    for (const row of rows) byHolding.set(row.holdingId, [...(byHolding.get(row.holdingId) ?? []), row]);
    const holdings: PortfolioLocations['holdings'] = {};
    for (const [id, history] of byHolding) {
      holdings[id] = [...quantityByLocation(history)]
        .filter(([, quantity]) => compareDecimal(quantity, '0') !== 0)
        .map(([location]) => location ?? '');
    }
    ctx.body = {
      accounts: accounts.map((a) => ({ id: a.id, label: a.label, exchange: a.exchange })),
      wallets: wallets.map((w) => ({ id: w.id, label: w.label, kind: w.kind })),
      holdings,
    } satisfies PortfolioLocations;
  });

  router.get('/holding-locations/:holdingId', async (ctx) => {
    ctx.body = await holdingLocations(db, currentUser(ctx).id, holdingId(ctx.params.holdingId));
  });

  router.post('/holding-locations/:holdingId/adjust', jsonBody(), async (ctx) => {
    const userId = currentUser(ctx).id;
    const id = holdingId(ctx.params.holdingId);
    const { accountId } = parseOrThrow(ZAdjustToExchange, bodyOf(ctx));
    const before = await holdingLocations(db, userId, id);
    const holding = (await findHolding(db, userId, id))!;
    // Only an exchange account is adjusted to: a wallet's refresh reconciles itself with the chain.
    const place = before.locations.find((l) => l.locationId === accountId && l.exchange !== null);
    if (!place) throw new AppError('NOT_FOUND', { message: EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE });
    if (place.exchangeBalance === null) {
      throw new AppError('CONFLICT', {
        message: 'The exchange has not reported a balance yet: sync it first.',
      });
    }
    if (place.differs) {
      const total =
        fromDecimal(holding.quantity) + fromDecimal(place.exchangeBalance) - fromDecimal(place.quantity);
      const outcome = await changeHoldingHistory(db, userId, id, {
        op: 'insert',
        values: {
          kind: 'adjust',
          at: new Date(),
          quantity: toDecimal(total < 0n ? 0n : total),
          pricePerCoin: holding.purchasePrice,
          fee: '0',
          note: `Adjusted to ${place.label}'s balance`,
          locationId: accountId,
        },
      });
      if (outcome.status === 'not_found') throw new AppError('NOT_FOUND', { message: HOLDING_NOT_FOUND });
      if (outcome.status === 'impossible')
        throw new AppError('IMPOSSIBLE_HISTORY', { message: outcome.problem.message });
      await announcePortfolioChange(bus, ctx.state.log, userId, 'updated');
    }
    ctx.body = await holdingLocations(db, userId, id);
  });
}
