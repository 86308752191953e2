/** Recorded Bybit replies (documented shapes) for the recorded peer. */
import type { SeedTrade, SeedTransfer } from '../accounts.ts';
import { DAY_MS, header, hmac, split, windowOf, withinWindow, type Routes } from './routes.ts';

/** Bybit serves executions 7 days a request, for the last two years. */
export const BYBIT_EXECUTIONS = { windowMs: 7 * DAY_MS, backMs: 730 * DAY_MS };
/** Bybit's deposit and withdrawal records: 30 days a request, since Bybit opened (March 2018). */
export const BYBIT_TRANSFERS = {
  windowMs: 30 * DAY_MS,
  get backMs() {
    return Date.now() - Date.UTC(2018, 2, 1);
  },
};
const bybitRefusal = (retMsg: string) => ({
  status: 200,
  body: { retCode: 10001, retMsg, result: {}, time: Date.now() },
});
/** One window of `rows`, newest first, a page at most (Bybit answers 50 at most). */
const bybitRecords = (rows: SeedTransfer[], params: URLSearchParams) =>
  withinWindow(rows, windowOf(params.get('startTime'), params.get('endTime'), BYBIT_TRANSFERS, bybitRefusal))
    .sort((a, b) => b.time - a.time)
    .slice(0, Math.min(Number(params.get('limit') ?? 50), 50));

export const BYBIT: Routes = {
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
        list: withinWindow(
          account.trades,
          windowOf(params.get('startTime'), params.get('endTime'), BYBIT_EXECUTIONS, bybitRefusal),
        )
          .sort((a, b) => b.time - a.time)
          .slice(0, Math.min(Number(params.get('limit') ?? 50), 100))
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
        rows: bybitRecords(account.deposits, params).map((t) => ({
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
        rows: bybitRecords(account.withdrawals, params).map((t) => ({
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
