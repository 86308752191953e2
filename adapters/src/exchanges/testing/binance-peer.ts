/**
 * A local Binance REST peer for tests: the routes a read-only sync uses, answered in Binance's documented
 * JSON from seeded accounts, with Binance's request signing checked (X-MBX-APIKEY header, HMAC-SHA256 of
 * the query or form body before `&signature=`, timestamp within recvWindow) and its error replies:
 * -2014 (key format), -2015 (unknown key), -1022 (signature), -1021 (timestamp), -1003 (rate limit,
 * HTTP 429 with Retry-After).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PeerAccount, SeedTrade, SeedTransfer } from './accounts.ts';
import { startPeerServer, type PeerReply, type PeerRequest, type PeerServer } from './peer-server.ts';

export interface BinancePeer extends PeerServer {
  /** Adds (or replaces) an account, found by its key. */
  addAccount(account: PeerAccount): void;
  /** Forgets a key, as deleting it on the exchange does. */
  removeAccount(apiKey: string): void;
  /** The next `times` signed requests get 429 -1003 with `Retry-After: retryAfterSeconds`. */
  rateLimit(times: number, retryAfterSeconds: number): void;
}

export interface BinancePeerOptions {
  /** Spot markets of exchangeInfo, unified ('BTC/USDT'); trades' markets are added. */
  symbols?: string[];
  accounts?: PeerAccount[];
}

const DEFAULT_SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'ETH/BTC', 'BNB/USDT'];
const marketId = (symbol: string) => symbol.replace('/', '');

function error(status: number, code: number, msg: string, headers?: Record<string, string>): PeerReply {
  return { status, body: { code, msg }, ...(headers ? { headers } : {}) };
}

export async function startBinancePeer(options: BinancePeerOptions = {}): Promise<BinancePeer> {
  const accounts = new Map<string, PeerAccount>();
  const symbols = new Set(options.symbols ?? DEFAULT_SYMBOLS);
  const addAccount = (account: PeerAccount) => {
    accounts.set(account.apiKey, account);
    for (const trade of account.trades) symbols.add(trade.symbol);
  };
  for (const account of options.accounts ?? []) addAccount(account);

  const exchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: Date.now(),
    rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
    exchangeFilters: [],
    symbols: [...symbols].map((symbol) => {
      const [baseAsset, quoteAsset] = symbol.split('/');
      return {
        symbol: marketId(symbol),
        status: 'TRADING',
        baseAsset,
        baseAssetPrecision: 8,
        quoteAsset,
        quotePrecision: 8,
        quoteAssetPrecision: 8,
        orderTypes: ['LIMIT', 'MARKET'],
        isSpotTradingAllowed: true,
        isMarginTradingAllowed: false,
        permissions: ['SPOT'],
        filters: [],
      };
    }),
  });

  /** The account of a correctly signed request, or Binance's error reply. */
  const authenticate = (req: PeerRequest): PeerAccount | PeerReply => {
    const apiKey = req.headers['x-mbx-apikey'];
    if (typeof apiKey !== 'string' || !/^[A-Za-z0-9]{16,128}$/.test(apiKey)) {
      return error(401, -2014, 'API-key format invalid.');
    }
    const account = accounts.get(apiKey);
    if (!account) return error(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const payload = req.method === 'GET' || req.method === 'DELETE' ? req.query : req.body;
    const at = payload.lastIndexOf('&signature=');
    if (at < 0)
      return error(400, -1102, "Mandatory parameter 'signature' was not sent, was empty/null, or malformed.");
    const expected = createHmac('sha256', account.secret).update(payload.slice(0, at)).digest();
    const given = Buffer.from(payload.slice(at + '&signature='.length), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return error(400, -1022, 'Signature for this request is not valid.');
    }
    const params = new URLSearchParams(payload);
    const timestamp = Number(params.get('timestamp'));
    const recvWindow = Number(params.get('recvWindow') ?? 5000);
    const now = Date.now();
    if (!Number.isFinite(timestamp) || timestamp > now + 1000 || now - timestamp > recvWindow) {
      return error(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    }
    return account;
  };

  const tradeRow = (trade: SeedTrade) => {
    const quoteQty = (Number(trade.price) * Number(trade.amount)).toFixed(8);
    return {
      symbol: marketId(trade.symbol),
      id: trade.id,
      orderId: trade.id * 10,
      orderListId: -1,
      price: trade.price,
      qty: trade.amount,
      quoteQty,
      commission: trade.fee,
      commissionAsset: trade.feeAsset,
      time: trade.time,
      isBuyer: trade.side === 'buy',
      isMaker: trade.id % 2 === 0,
      isBestMatch: true,
    };
  };

  /** Binance's history window: both ends default around now, at most 90 days apart. */
  const window = (params: URLSearchParams): [number, number] | PeerReply => {
    const end = Number(params.get('endTime') ?? Date.now());
    const start = Number(params.get('startTime') ?? end - 90 * 86_400_000);
    if (end - start > 90 * 86_400_000)
      return error(400, -1127, 'More than 90 days between startTime and endTime.');
    return [start, end];
  };

  const transfers = (list: SeedTransfer[], params: URLSearchParams, row: (t: SeedTransfer) => object) => {
    const span = window(params);
    if (!Array.isArray(span)) return span;
    const limit = Math.min(Number(params.get('limit') ?? 1000), 1000);
    const offset = Number(params.get('offset') ?? 0);
    const rows = list
      .filter((t) => t.time >= span[0] && t.time <= span[1])
      .sort((a, b) => b.time - a.time)
      .slice(offset, offset + limit)
      .map(row);
    return { status: 200, body: rows };
  };

  const handle = (req: PeerRequest): PeerReply => {
    if (req.path === '/api/v3/exchangeInfo') return { status: 200, body: exchangeInfo() };
    if (req.path === '/api/v3/ping') return { status: 200, body: {} };
    const auth = authenticate(req);
    if ('status' in auth) return auth;
    const account = auth;
    const params = new URLSearchParams(req.method === 'GET' ? req.query : req.body);
    switch (`${req.method} ${req.path}`) {
      case 'GET /api/v3/account':
        return {
          status: 200,
          body: {
            makerCommission: 10,
            takerCommission: 10,
            canTrade: account.permissions.trade,
            canWithdraw: account.permissions.withdraw,
            canDeposit: true,
            updateTime: Date.now(),
            accountType: 'SPOT',
            balances: Object.entries(account.balances).map(([asset, free]) => ({
              asset,
              free,
              locked: '0.00000000',
            })),
            permissions: ['SPOT'],
          },
        };
      case 'POST /sapi/v1/asset/get-funding-asset':
        return {
          status: 200,
          body: Object.entries(account.funding).map(([asset, free]) => ({
            asset,
            free,
            locked: '0',
            freeze: '0',
            withdrawing: '0',
            btcValuation: '0',
          })),
        };
      case 'GET /api/v3/myTrades': {
        const symbol = params.get('symbol');
        if (!symbol)
          return error(
            400,
            -1102,
            "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
          );
        const limit = Math.min(Number(params.get('limit') ?? 500), 1000);
        const fromId = params.get('fromId');
        let rows = account.trades.filter((t) => marketId(t.symbol) === symbol).sort((a, b) => a.id - b.id);
        if (fromId !== null) rows = rows.filter((t) => t.id >= Number(fromId));
        else {
          const startTime = Number(params.get('startTime') ?? 0);
          const endTime = Number(params.get('endTime') ?? Number.MAX_SAFE_INTEGER);
          rows = rows.filter((t) => t.time >= startTime && t.time <= endTime);
        }
        return { status: 200, body: rows.slice(0, limit).map(tradeRow) };
      }
      case 'GET /sapi/v1/capital/deposit/hisrec':
        return transfers(account.deposits, params, (t) => ({
          id: t.id,
          amount: t.amount,
          coin: t.asset,
          network: t.asset === 'BTC' ? 'BTC' : 'ETH',
          status: t.status === 'ok' ? 1 : 0,
          address: '0x0000000000000000000000000000000000000001',
          addressTag: '',
          txId: `0x${t.id}`,
          insertTime: t.time,
          transferType: 0,
          confirmTimes: '12/12',
          unlockConfirm: 0,
          walletType: 0,
        }));
      case 'GET /sapi/v1/capital/withdraw/history':
        return transfers(account.withdrawals, params, (t) => ({
          id: t.id,
          amount: t.amount,
          transactionFee: t.fee,
          coin: t.asset,
          status: t.status === 'ok' ? 6 : 4,
          address: '0x0000000000000000000000000000000000000002',
          txId: `0x${t.id}`,
          applyTime: new Date(t.time).toISOString().replace('T', ' ').slice(0, 19),
          completeTime: new Date(t.time).toISOString().replace('T', ' ').slice(0, 19),
          network: t.asset === 'BTC' ? 'BTC' : 'ETH',
          transferType: 0,
          walletType: 0,
        }));
      case 'GET /sapi/v1/account/apiRestrictions':
        return {
          status: 200,
          body: {
            ipRestrict: false,
            createTime: Date.UTC(2024, 0, 1),
            enableReading: true,
            enableWithdrawals: account.permissions.withdraw,
            enableInternalTransfer: false,
            enableMargin: false,
            enableFutures: false,
            permitsUniversalTransfer: false,
            enableVanillaOptions: false,
            enableFixApiTrade: false,
            enableFixReadOnly: true,
            enableSpotAndMarginTrading: account.permissions.trade,
            enablePortfolioMarginTrading: false,
          },
        };
      default:
        return error(404, -1000, `no route ${req.method} ${req.path} on this peer`);
    }
  };

  const server = await startPeerServer(handle);
  return {
    ...server,
    get url() {
      return server.url;
    },
    get log() {
      return server.log;
    },
    addAccount,
    removeAccount: (apiKey) => void accounts.delete(apiKey),
    rateLimit(times, retryAfterSeconds) {
      server.fail({
        times,
        reply: error(
          429,
          -1003,
          'Too much request weight used; current limit is 6000 request weight per 1 MINUTE.',
          {
            'Retry-After': String(retryAfterSeconds),
          },
        ),
      });
    },
  };
}
