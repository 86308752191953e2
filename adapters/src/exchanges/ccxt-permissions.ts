/**
 * A key's permissions, read where the exchange tells them: Binance's API restrictions, Bybit's key
 * information, Coinbase's key permissions, OKX's account configuration, KuCoin's key information, and for
 * Kraken two probes that change nothing.
 */
import type { Exchange } from 'ccxt';
import type { KeyPermissions } from './port.ts';

/** What the permission checks need of the client. */
export interface PermissionHost {
  readonly exchange: string;
  raw(ex: Exchange, method: string, params?: Record<string, unknown>): Promise<unknown>;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** What the key may do, as the exchange tells it; 'unknown' where it cannot. */
export async function keyPermissions(host: PermissionHost, ex: Exchange): Promise<KeyPermissions> {
  switch (host.exchange) {
    case 'binance': {
      const r = record(await host.raw(ex, 'sapiGetAccountApiRestrictions'));
      if (r['enableWithdrawals'] === true) return 'withdraw';
      const trading = [
        'enableSpotAndMarginTrading',
        'enableMargin',
        'enableFutures',
        'enableVanillaOptions',
        'enablePortfolioMarginTrading',
        'enableFixApiTrade',
      ];
      return trading.some((flag) => r[flag] === true) ? 'trade' : 'read-only';
    }
    case 'bybit': {
      const result = record(record(await host.raw(ex, 'privateGetV5UserQueryApi'))['result']);
      const permissions = record(result['permissions']);
      const wallet = Array.isArray(permissions['Wallet']) ? (permissions['Wallet'] as unknown[]) : [];
      if (wallet.includes('Withdraw')) return 'withdraw';
      return Number(result['readOnly']) === 1 ? 'read-only' : 'trade';
    }
    case 'coinbase': {
      const r = record(await host.raw(ex, 'v3PrivateGetBrokerageKeyPermissions'));
      if (r['can_transfer'] === true) return 'withdraw';
      return r['can_trade'] === true ? 'trade' : 'read-only';
    }
    case 'okx': {
      const data = record(await host.raw(ex, 'privateGetAccountConfig'))['data'];
      const first = record(Array.isArray(data) ? data[0] : undefined);
      const perm = String(first['perm'] ?? '').split(',');
      if (perm.includes('withdraw')) return 'withdraw';
      return perm.includes('trade') ? 'trade' : 'read-only';
    }
    case 'kucoin': {
      const data = record(record(await host.raw(ex, 'privateGetUserApiKey'))['data']);
      const perm = String(data['permission'] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (perm.includes('Withdrawal')) return 'withdraw';
      return perm.some((p) => p !== 'General') ? 'trade' : 'read-only';
    }
    case 'kraken':
      return krakenPermissions(host, ex);
    default:
      return 'unknown';
  }
}

/**
 * Kraken does not list a key's permissions in a form ccxt reads, so two harmless requests ask it: a
 * withdrawal-info request for a withdrawal address name that does not exist, and an order with
 * `validate`, which Kraken checks and never places (and whose volume is below every pair's minimum, so
 * it would be refused even if placed). A key without the permission is refused with
 * 'EGeneral:Permission denied'; a key with it gets some other answer (unknown address, volume, …).
 */
async function krakenPermissions(host: PermissionHost, ex: Exchange): Promise<KeyPermissions> {
  const allowed = async (method: string, params: Record<string, unknown>) => {
    try {
      await host.raw(ex, method, params);
      return true;
    } catch (err) {
      const text = err instanceof Error ? err.message : '';
      if (/EGeneral:Permission denied/.test(text)) return false;
      // Rate limits, the network, a refused key: not an answer about permissions.
      if (/EAPI:|EService:/.test(text) || !/E(Funding|Order|General|Query):/.test(text)) throw err;
      return true;
    }
  };
  const withdraw = await allowed('privatePostWithdrawInfo', {
    asset: 'XBT',
    key: 'coinpace-permission-probe',
    amount: '0.001',
  });
  if (withdraw) return 'withdraw';
  await ex.loadMarkets();
  const pair = Object.values(ex.markets ?? {}).find((market) => market?.spot)?.id ?? 'XXBTZUSD';
  const trade = await allowed('privatePostAddOrder', {
    pair,
    type: 'buy',
    ordertype: 'limit',
    price: '1',
    volume: '0.00000001',
    validate: true,
  });
  return trade ? 'trade' : 'read-only';
}
