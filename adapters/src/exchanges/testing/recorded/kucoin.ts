/** Recorded KuCoin replies (documented shapes) for the recorded peer. */
import type { SeedTransfer } from '../accounts.ts';
import { DAY_MS, header, hmac, pathWithQuery, split, windowOf, withinWindow, type Routes } from './routes.ts';

/** KuCoin serves fills 7 days a request, for the last year. */
export const KUCOIN_FILLS = { windowMs: 7 * DAY_MS, backMs: 365 * DAY_MS };
/** KuCoin lists deposits and withdrawals 7 days a request, from 18 February 2019 (older: its V1 archive). */
export const KUCOIN_TRANSFERS = {
  windowMs: 7 * DAY_MS,
  get backMs() {
    return Date.now() - Date.UTC(2019, 1, 18);
  },
};
const kucoinRefusal = (msg: string) => ({ status: 400, body: { code: '400100', msg } });

export const KUCOIN: Routes = {
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
        withinWindow(
          account.trades,
          windowOf(params.get('startAt'), params.get('endAt'), KUCOIN_FILLS, kucoinRefusal),
        ).map((t) => ({
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
        Math.min(Number(params.get('pageSize') ?? 50), 500),
      ),
    '/api/v1/deposits': (account, params) => kucoinTransfers(account.deposits, params),
    '/api/v1/withdrawals': (account, params) => kucoinTransfers(account.withdrawals, params),
  },
};

function kucoinTransfers(list: SeedTransfer[], params: URLSearchParams) {
  const window = windowOf(params.get('startAt'), params.get('endAt'), KUCOIN_TRANSFERS, kucoinRefusal);
  const items = withinWindow(list, window).map((t) => ({
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
  return kucoinPage(items, Math.min(Number(params.get('pageSize') ?? 50), 500));
}

/** The first page, newest first (KuCoin's order). */
function kucoinPage(items: ({ createdAt: number } & object)[], pageSize = 500) {
  const sorted = [...items].sort((a, b) => b.createdAt - a.createdAt);
  return {
    code: '200000',
    data: {
      currentPage: 1,
      pageSize,
      totalNum: sorted.length,
      totalPage: Math.max(1, Math.ceil(sorted.length / pageSize)),
      items: sorted.slice(0, pageSize),
    },
  };
}
