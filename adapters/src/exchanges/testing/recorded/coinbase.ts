/** Recorded Coinbase Advanced Trade replies (documented shapes) for the recorded peer. */
import type { SeedTransfer } from '../accounts.ts';
import { coinbaseAccountId, header, hmac, pathWithQuery, sinceFilter, split, type Routes } from './routes.ts';

export const COINBASE: Routes = {
  key: (req) => header(req, 'cb-access-key') || undefined,
  // Advanced Trade (v3) signs a GET without its query; the older v2 routes sign it with the query.
  signed: (req, secret) =>
    hmac(
      secret,
      header(req, 'cb-access-timestamp') +
        req.method +
        (req.path.startsWith('/v2/') ? pathWithQuery(req) : req.path) +
        req.body,
    ).digest('hex') === header(req, 'cb-access-sign'),
  unknownKey: { status: 401, body: { error: 'unauthorized', message: 'Unauthorized' } },
  badSignature: { status: 401, body: { error: 'unauthorized', message: 'Unauthorized' } },
  rateLimited: { status: 429, body: { error: 'rate_limit_exceeded', message: 'Rate limit exceeded' } },
  public: {
    '/api/v3/brokerage/market/products': (symbols, params) => ({
      // ccxt asks for spot and futures products apart; the recorded account has spot markets only.
      products: (params.get('product_type') === 'FUTURE' ? [] : symbols).map((symbol) => ({
        product_id: symbol.replace('/', '-'),
        price: '100',
        price_percentage_change_24h: '0',
        volume_24h: '0',
        volume_percentage_change_24h: '0',
        base_increment: '0.00000001',
        quote_increment: '0.01',
        quote_min_size: '1',
        quote_max_size: '50000000',
        base_min_size: '0.00000001',
        base_max_size: '3400',
        base_name: split(symbol)[0],
        quote_name: split(symbol)[1],
        watched: false,
        is_disabled: false,
        new: false,
        status: 'online',
        cancel_only: false,
        limit_only: false,
        post_only: false,
        trading_disabled: false,
        auction_mode: false,
        product_type: 'SPOT',
        quote_currency_id: split(symbol)[1],
        base_currency_id: split(symbol)[0],
        base_display_symbol: split(symbol)[0],
        quote_display_symbol: split(symbol)[1],
      })),
      num_products: symbols.length,
    }),
  },
  private: {
    '/api/v3/brokerage/transaction_summary': () => ({
      total_volume: 0,
      total_fees: 0,
      fee_tier: {
        pricing_tier: 'Advanced 1',
        usd_from: '0',
        usd_to: '10000',
        taker_fee_rate: '0.006',
        maker_fee_rate: '0.004',
      },
    }),
    '/api/v3/brokerage/key_permissions': (account) => ({
      can_view: true,
      can_trade: account.permissions.trade,
      can_transfer: account.permissions.withdraw,
      portfolio_uuid: '8fbd5d7e-4f1a-4d2c-9a0b-2f5f1e3f9a10',
      portfolio_type: 'DEFAULT',
    }),
    '/api/v3/brokerage/accounts': (account) => ({
      accounts: Object.entries(account.balances).map(([currency, value]) => ({
        uuid: coinbaseAccountId(currency),
        name: `${currency} Wallet`,
        currency,
        available_balance: { value, currency },
        default: false,
        active: true,
        created_at: '2021-05-31T09:59:59Z',
        updated_at: '2021-05-31T09:59:59Z',
        deleted_at: null,
        type: 'ACCOUNT_TYPE_CRYPTO',
        ready: true,
        hold: { value: '0', currency },
      })),
      has_next: false,
      cursor: '',
      size: Object.keys(account.balances).length,
    }),
    '/api/v3/brokerage/orders/historical/fills': (account, params) => ({
      fills: sinceFilter(
        account.trades,
        params.get('start_sequence_timestamp') ? Date.parse(params.get('start_sequence_timestamp') ?? '') : 0,
      )
        .sort((a, b) => b.time - a.time)
        .map((t) => ({
          entry_id: `e${t.id}`,
          trade_id: String(t.id),
          order_id: `ord${t.id}`,
          trade_time: new Date(t.time).toISOString(),
          trade_type: 'FILL',
          price: t.price,
          size: t.amount,
          commission: t.fee,
          product_id: t.symbol.replace('/', '-'),
          sequence_timestamp: new Date(t.time).toISOString(),
          liquidity_indicator: 'TAKER',
          size_in_quote: false,
          user_id: 'user',
          side: t.side.toUpperCase(),
        })),
      cursor: '',
    }),
  },
};

function coinbaseTransfers(list: SeedTransfer[], currency: string, resource: string) {
  return {
    pagination: { ending_before: null, starting_after: null, limit: 100, order: 'desc', next_uri: null },
    data: list
      .filter((t) => t.asset === currency)
      .sort((a, b) => b.time - a.time)
      .map((t) => ({
        id: t.id,
        status: 'completed',
        amount: { amount: t.amount, currency },
        subtotal: { amount: t.amount, currency },
        fee: { amount: t.fee, currency },
        created_at: new Date(t.time).toISOString(),
        updated_at: new Date(t.time).toISOString(),
        payout_at: new Date(t.time).toISOString(),
        committed: true,
        resource,
        resource_path: `/v2/accounts/${coinbaseAccountId(currency)}/${resource}s/${t.id}`,
      })),
  };
}

COINBASE.private['/v2/accounts'] = (account) => ({
  pagination: { ending_before: null, starting_after: null, limit: 100, order: 'desc', next_uri: null },
  data: Object.entries(account.balances).map(([code, amount]) => ({
    id: coinbaseAccountId(code),
    name: `${code} Wallet`,
    primary: false,
    type: 'wallet',
    currency: { code, name: code, type: 'crypto', exponent: 8 },
    balance: { amount, currency: code },
    created_at: '2021-05-31T09:59:59Z',
    updated_at: '2021-05-31T09:59:59Z',
    resource: 'account',
    resource_path: `/v2/accounts/${coinbaseAccountId(code)}`,
  })),
});
COINBASE.patterns = [
  [
    /^\/v2\/accounts\/acc-([a-z]+)\/deposits$/,
    (account, id) => coinbaseTransfers(account.deposits, id.toUpperCase(), 'deposit'),
  ],
  [
    /^\/v2\/accounts\/acc-([a-z]+)\/withdrawals$/,
    (account, id) => coinbaseTransfers(account.withdrawals, id.toUpperCase(), 'withdrawal'),
  ],
];
