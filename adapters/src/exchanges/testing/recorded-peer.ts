/**
 * Recorded replies of Coinbase (Advanced Trade), KuCoin, OKX and Bybit, served from a local peer: the
 * documented JSON of the routes the ccxt client calls for a key check, balances and a page of trades,
 * filled from a seeded account. Each checks the exchange's request signing (HMAC-SHA256 over the
 * exchange's prehash string) so that a wrong secret is refused as the exchange refuses it, and answers
 * the exchange's errors for an unknown key, a bad signature and a rate limit.
 */
import { createHmac } from 'node:crypto';
import type { PeerAccount, SeedTrade, SeedTransfer } from './accounts.ts';
import { startPeerServer, type PeerReply, type PeerRequest, type PeerServer } from './peer-server.ts';

export type RecordedExchange = 'coinbase' | 'kucoin' | 'okx' | 'bybit';

export interface RecordedPeer extends PeerServer {
  addAccount(account: PeerAccount): void;
  removeAccount(apiKey: string): void;
  /** The next `times` private requests get the exchange's rate-limit reply. */
  rateLimit(times: number): void;
}

interface Routes {
  /** The key of a request and whether its signature checks out with `secret`. */
  key(req: PeerRequest): string | undefined;
  signed(req: PeerRequest, secret: string): boolean;
  unknownKey: PeerReply;
  badSignature: PeerReply;
  rateLimited: PeerReply;
  public: Record<string, (symbols: string[], params: URLSearchParams) => unknown>;
  private: Record<string, (account: PeerAccount, params: URLSearchParams) => unknown>;
  /** Private routes with an id in the path: the pattern's first group is passed on. */
  patterns?: [RegExp, (account: PeerAccount, id: string) => unknown][];
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text);
const header = (req: PeerRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
};
const pathWithQuery = (req: PeerRequest) => (req.query ? `${req.path}?${req.query}` : req.path);
const split = (symbol: string) => symbol.split('/') as [string, string];
/** Coinbase's account id of a currency, as the recorded replies name it. */
const coinbaseAccountId = (currency: string) => `acc-${currency.toLowerCase()}`;
const sinceFilter = <T extends { time: number }>(rows: T[], from: number) =>
  rows.filter((r) => r.time >= from);

const OKX: Routes = {
  key: (req) => header(req, 'ok-access-key') || undefined,
  signed: (req, secret) =>
    hmac(secret, header(req, 'ok-access-timestamp') + req.method + pathWithQuery(req) + req.body).digest(
      'base64',
    ) === header(req, 'ok-access-sign'),
  unknownKey: { status: 401, body: { msg: 'Invalid OK-ACCESS-KEY', code: '50111' } },
  badSignature: { status: 401, body: { msg: 'Invalid Sign', code: '50113' } },
  rateLimited: { status: 429, body: { msg: 'Too Many Requests', code: '50011' } },
  public: {
    '/api/v5/public/instruments': (symbols) => ({
      code: '0',
      msg: '',
      data: symbols.map((symbol) => ({
        instType: 'SPOT',
        instId: symbol.replace('/', '-'),
        uly: '',
        instFamily: '',
        baseCcy: split(symbol)[0],
        quoteCcy: split(symbol)[1],
        settleCcy: '',
        ctVal: '',
        ctMult: '',
        ctValCcy: '',
        listTime: '1606468572000',
        expTime: '',
        lever: '10',
        tickSz: '0.01',
        lotSz: '0.00000001',
        minSz: '0.00001',
        ctType: '',
        alias: '',
        state: 'live',
        ruleType: 'normal',
      })),
    }),
  },
  private: {
    '/api/v5/account/balance': (account) => ({
      code: '0',
      msg: '',
      data: [
        {
          totalEq: '0',
          uTime: String(Date.now()),
          details: Object.entries(account.balances).map(([ccy, bal]) => ({
            ccy,
            eq: bal,
            cashBal: bal,
            availBal: bal,
            frozenBal: '0',
            ordFrozen: '0',
            uTime: String(Date.now()),
          })),
        },
      ],
    }),
    '/api/v5/account/config': (account) => ({
      code: '0',
      msg: '',
      data: [
        {
          uid: '44705892343619584',
          acctLv: '1',
          posMode: 'net_mode',
          perm: [
            'read_only',
            account.permissions.trade ? 'trade' : '',
            account.permissions.withdraw ? 'withdraw' : '',
          ]
            .filter(Boolean)
            .join(','),
        },
      ],
    }),
    '/api/v5/trade/fills-history': (account, params) => ({
      code: '0',
      msg: '',
      data: sinceFilter(account.trades, Number(params.get('begin') ?? 0))
        .sort((a, b) => b.time - a.time)
        .slice(0, Number(params.get('limit') ?? 100))
        .map((t) => ({
          instType: 'SPOT',
          instId: t.symbol.replace('/', '-'),
          tradeId: String(t.id),
          ordId: String(t.id * 10),
          clOrdId: '',
          billId: String(t.id * 100),
          tag: '',
          fillPx: t.price,
          fillSz: t.amount,
          side: t.side,
          posSide: 'net',
          execType: 'T',
          feeCcy: t.feeAsset,
          fee: `-${t.fee}`,
          ts: String(t.time),
        })),
    }),
    '/api/v5/asset/deposit-history': (account, params) => ({
      code: '0',
      msg: '',
      data: okxTransfers(account.deposits, params, 'depId'),
    }),
    '/api/v5/asset/withdrawal-history': (account, params) => ({
      code: '0',
      msg: '',
      data: okxTransfers(account.withdrawals, params, 'wdId'),
    }),
  },
};

function okxTransfers(list: SeedTransfer[], params: URLSearchParams, idField: string) {
  return sinceFilter(list, Number(params.get('after') ? 0 : (params.get('before') ?? 0)))
    .sort((a, b) => b.time - a.time)
    .map((t) => ({
      ccy: t.asset,
      chain: `${t.asset}-${t.asset}`,
      amt: t.amount,
      fee: t.fee,
      txId: `0x${t.id}`,
      ts: String(t.time),
      state: '2',
      [idField]: t.id,
    }));
}

const KUCOIN: Routes = {
  key: (req) => header(req, 'kc-api-key') || undefined,
  signed: (req, secret) =>
    hmac(secret, header(req, 'kc-api-timestamp') + req.method + pathWithQuery(req) + req.body).digest(
      'base64',
    ) === header(req, 'kc-api-sign'),
  unknownKey: { status: 401, body: { code: '400003', msg: 'KC-API-KEY not exists' } },
  badSignature: { status: 401, body: { code: '400005', msg: 'Invalid KC-API-SIGN' } },
  rateLimited: { status: 429, body: { code: '429000', msg: 'Too Many Requests' } },
  public: {
    '/api/v1/market/allTickers': () => ({ code: '200000', data: { time: Date.now(), ticker: [] } }),
    '/api/v3/margin/symbols': () => ({ code: '200000', data: { timestamp: Date.now(), items: [] } }),
    '/api/v1/isolated/symbols': () => ({ code: '200000', data: [] }),
    '/api/v2/symbols': (symbols) => ({
      code: '200000',
      data: symbols.map((symbol) => ({
        symbol: symbol.replace('/', '-'),
        name: symbol.replace('/', '-'),
        baseCurrency: split(symbol)[0],
        quoteCurrency: split(symbol)[1],
        feeCurrency: split(symbol)[1],
        market: 'USDS',
        baseMinSize: '0.00001',
        quoteMinSize: '0.1',
        baseMaxSize: '10000000000',
        quoteMaxSize: '99999999',
        baseIncrement: '0.00000001',
        quoteIncrement: '0.000001',
        priceIncrement: '0.1',
        priceLimitRate: '0.1',
        minFunds: '0.1',
        isMarginEnabled: true,
        enableTrading: true,
      })),
    }),
  },
  private: {
    '/api/v1/hf/accounts/opened': () => ({ code: '200000', data: false }),
    '/api/ua/v1/account/mode': () => ({ code: '200000', data: { selfAccountMode: 'CLASSIC' } }),
    '/api/v1/accounts': (account) => ({
      code: '200000',
      data: Object.entries(account.balances).map(([currency, balance], i) => ({
        id: `5bd6e9286d99522a52e458d${i}`,
        currency,
        type: 'trade',
        balance,
        available: balance,
        holds: '0',
      })),
    }),
    '/api/v1/user/api-key': (account) => ({
      code: '200000',
      data: {
        remark: 'coinpace',
        apiKey: account.apiKey,
        apiVersion: 3,
        permission: [
          'General',
          account.permissions.trade ? 'Spot' : '',
          account.permissions.withdraw ? 'Withdrawal' : '',
        ]
          .filter(Boolean)
          .join(','),
        ipWhitelist: '',
        createdAt: 1_700_000_000_000,
        uid: 165111215,
        isMaster: true,
      },
    }),
    '/api/v1/fills': (account, params) =>
      kucoinPage(
        sinceFilter(account.trades, Number(params.get('startAt') ?? 0)).map((t) => ({
          symbol: t.symbol.replace('/', '-'),
          tradeId: String(t.id),
          orderId: `ord${t.id}`,
          counterOrderId: `ctr${t.id}`,
          side: t.side,
          liquidity: 'taker',
          forceTaker: false,
          price: t.price,
          size: t.amount,
          funds: (Number(t.price) * Number(t.amount)).toFixed(8),
          fee: t.fee,
          feeRate: '0.001',
          feeCurrency: t.feeAsset,
          stop: '',
          type: 'limit',
          createdAt: t.time,
          tradeType: 'TRADE',
        })),
      ),
    '/api/v1/deposits': (account, params) => kucoinPage(kucoinTransfers(account.deposits, params)),
    '/api/v1/withdrawals': (account, params) => kucoinPage(kucoinTransfers(account.withdrawals, params)),
  },
};

function kucoinTransfers(list: SeedTransfer[], params: URLSearchParams) {
  return sinceFilter(list, Number(params.get('startAt') ?? 0)).map((t) => ({
    id: t.id,
    address: '0x0000000000000000000000000000000000000003',
    memo: '',
    currency: t.asset,
    amount: t.amount,
    fee: t.fee,
    walletTxId: `0x${t.id}@0`,
    isInner: false,
    status: 'SUCCESS',
    remark: '',
    createdAt: t.time,
    updatedAt: t.time,
  }));
}

function kucoinPage(items: ({ createdAt: number } & object)[]) {
  const sorted = [...items].sort((a, b) => b.createdAt - a.createdAt);
  return {
    code: '200000',
    data: {
      currentPage: 1,
      pageSize: 500,
      totalNum: sorted.length,
      totalPage: 1,
      items: sorted.slice(0, 500),
    },
  };
}

const BYBIT: Routes = {
  key: (req) => header(req, 'x-bapi-api-key') || undefined,
  signed: (req, secret) =>
    hmac(
      secret,
      header(req, 'x-bapi-timestamp') +
        header(req, 'x-bapi-api-key') +
        header(req, 'x-bapi-recv-window') +
        (req.method === 'GET' ? req.query : req.body),
    ).digest('hex') === header(req, 'x-bapi-sign'),
  unknownKey: { status: 401, body: { retCode: 10003, retMsg: 'API key is invalid.', result: {}, time: 0 } },
  badSignature: {
    status: 401,
    body: {
      retCode: 10004,
      retMsg: 'Error sign, please check your signature generation algorithm.',
      result: {},
    },
  },
  rateLimited: { status: 403, body: { retCode: 10006, retMsg: 'Too many visits!', result: {} } },
  public: {
    '/v5/market/instruments-info': (symbols) => ({
      retCode: 0,
      retMsg: 'OK',
      result: {
        category: 'spot',
        list: symbols.map((symbol) => ({
          symbol: symbol.replace('/', ''),
          baseCoin: split(symbol)[0],
          quoteCoin: split(symbol)[1],
          innovation: '0',
          status: 'Trading',
          marginTrading: 'both',
          lotSizeFilter: {
            basePrecision: '0.000001',
            quotePrecision: '0.00000001',
            minOrderQty: '0.000048',
            maxOrderQty: '71.73956243',
            minOrderAmt: '1',
            maxOrderAmt: '2000000',
          },
          priceFilter: { tickSize: '0.01' },
        })),
        nextPageCursor: '',
      },
      retExtInfo: {},
      time: Date.now(),
    }),
  },
  private: {
    '/v5/user/query-api': (account) =>
      bybit({
        id: '13770661',
        note: 'coinpace',
        apiKey: account.apiKey,
        readOnly: account.permissions.trade || account.permissions.withdraw ? 0 : 1,
        secret: '',
        permissions: {
          ContractTrade: [],
          Spot: account.permissions.trade ? ['SpotTrade'] : [],
          Wallet: account.permissions.withdraw ? ['AccountTransfer', 'Withdraw'] : [],
          Options: [],
          Derivatives: [],
          CopyTrading: [],
          BlockTrade: [],
          Exchange: [],
          NFT: [],
        },
        ips: ['*'],
        type: 1,
        deadlineDay: 83,
        expiredAt: '2027-03-01T00:00:00Z',
        createdAt: '2026-12-01T00:00:00Z',
        unified: 0,
        uta: 1,
        userID: 24617703,
        inviterID: 0,
        vipLevel: 'No VIP',
        mktMakerLevel: '0',
        affiliateID: 0,
        rsaPublicKey: '',
        isMaster: true,
        parentUid: '0',
      }),
    '/v5/account/info': () =>
      bybit({
        unifiedMarginStatus: 5,
        marginMode: 'REGULAR_MARGIN',
        isMasterTrader: false,
        spotHedgingStatus: 'OFF',
      }),
    '/v5/account/wallet-balance': (account) =>
      bybit({
        list: [
          {
            accountType: 'UNIFIED',
            totalEquity: '0',
            coin: Object.entries(account.balances).map(([coin, balance]) => ({
              coin,
              equity: balance,
              walletBalance: balance,
              locked: '0',
              spotBorrow: '0',
              borrowAmount: '0',
            })),
          },
        ],
      }),
    '/v5/execution/list': (account, params) =>
      bybit({
        category: 'spot',
        nextPageCursor: '',
        list: sinceFilter(account.trades, Number(params.get('startTime') ?? 0))
          .sort((a, b) => b.time - a.time)
          .map((t: SeedTrade) => ({
            symbol: t.symbol.replace('/', ''),
            orderId: `ord${t.id}`,
            orderLinkId: '',
            side: t.side === 'buy' ? 'Buy' : 'Sell',
            orderPrice: t.price,
            orderQty: t.amount,
            leavesQty: '0',
            orderType: 'Limit',
            execFee: t.fee,
            feeCurrency: t.feeAsset,
            execId: String(t.id),
            execPrice: t.price,
            execQty: t.amount,
            execType: 'Trade',
            execValue: (Number(t.price) * Number(t.amount)).toFixed(8),
            execTime: String(t.time),
            isMaker: false,
            feeRate: '0.001',
          })),
      }),
    '/v5/asset/deposit/query-record': (account, params) =>
      bybit({
        nextPageCursor: '',
        rows: sinceFilter(account.deposits, Number(params.get('startTime') ?? 0)).map((t) => ({
          id: t.id,
          coin: t.asset,
          chain: t.asset,
          amount: t.amount,
          txID: `0x${t.id}`,
          status: 3,
          toAddress: '0x0000000000000000000000000000000000000004',
          tag: '',
          depositFee: '',
          successAt: String(t.time),
          confirmations: '64',
          txIndex: '0',
          blockHash: '',
        })),
      }),
    '/v5/asset/withdraw/query-record': (account, params) =>
      bybit({
        nextPageCursor: '',
        rows: sinceFilter(account.withdrawals, Number(params.get('startTime') ?? 0)).map((t) => ({
          withdrawId: t.id,
          coin: t.asset,
          chain: t.asset,
          amount: t.amount,
          txID: `0x${t.id}`,
          status: 'success',
          toAddress: '0x0000000000000000000000000000000000000005',
          tag: '',
          withdrawFee: t.fee,
          createTime: String(t.time),
          updateTime: String(t.time),
          withdrawType: 0,
        })),
      }),
  },
};

function bybit(result: unknown) {
  return { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: Date.now() };
}

const COINBASE: Routes = {
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

const ROUTES: Record<RecordedExchange, Routes> = {
  okx: OKX,
  kucoin: KUCOIN,
  bybit: BYBIT,
  coinbase: COINBASE,
};

export interface RecordedPeerOptions {
  symbols?: string[];
  accounts?: PeerAccount[];
}

export async function startRecordedPeer(
  exchange: RecordedExchange,
  options: RecordedPeerOptions = {},
): Promise<RecordedPeer> {
  const routes = ROUTES[exchange];
  const accounts = new Map<string, PeerAccount>();
  const symbols = new Set(options.symbols ?? ['BTC/USDT', 'ETH/USDT', 'ETH/BTC']);
  let limited = 0;
  const addAccount = (account: PeerAccount) => {
    accounts.set(account.apiKey, account);
    for (const trade of account.trades) symbols.add(trade.symbol);
  };
  for (const account of options.accounts ?? []) addAccount(account);

  const handle = (req: PeerRequest): PeerReply => {
    const publicRoute = routes.public[req.path];
    if (publicRoute) return { status: 200, body: publicRoute([...symbols], new URLSearchParams(req.query)) };
    let privateRoute = routes.private[req.path];
    for (const [pattern, reply] of routes.patterns ?? []) {
      const match = pattern.exec(req.path);
      if (match) privateRoute = (account) => reply(account, match[1] ?? '');
    }
    if (!privateRoute)
      return { status: 404, body: { error: `no recorded reply for ${req.method} ${req.path}` } };
    const key = routes.key(req);
    const account = key === undefined ? undefined : accounts.get(key);
    if (!account) return routes.unknownKey;
    if (!routes.signed(req, account.secret)) return routes.badSignature;
    if (limited > 0) {
      limited -= 1;
      return routes.rateLimited;
    }
    return { status: 200, body: privateRoute(account, new URLSearchParams(req.query || req.body)) };
  };

  const server = await startPeerServer(handle);
  return {
    ...server,
    addAccount,
    removeAccount: (apiKey) => void accounts.delete(apiKey),
    rateLimit(times) {
      limited += times;
    },
  };
}
