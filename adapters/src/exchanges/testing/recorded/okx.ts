/** Recorded OKX replies (documented shapes) for the recorded peer. */
import type { SeedTransfer } from '../accounts.ts';
import {
  DAY_MS,
  header,
  hmac,
  pathWithQuery,
  sinceFilter,
  split,
  windowOf,
  withinWindow,
  type Routes,
} from './routes.ts';

/** OKX's fills history serves the last 3 months, in one range. */
export const OKX_FILLS_HISTORY = { windowMs: 90 * DAY_MS, backMs: 90 * DAY_MS };

export const OKX: Routes = {
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
      data: withinWindow(
        account.trades,
        windowOf(params.get('begin'), params.get('end') ?? String(Date.now()), OKX_FILLS_HISTORY, (msg) => ({
          status: 400,
          body: { code: '51000', msg: `Parameter begin error: ${msg}` },
        })),
      )
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
