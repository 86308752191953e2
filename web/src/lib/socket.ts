/**
 * The browser's live connection (DESIGN.md section 4): Socket.IO on the same origin, typed by the
 * event maps in domain, sending the session token and the site password in every handshake. It feeds
 * the prices store (the ticker on connect, then one `prices` frame per tick that moves both the watched
 * coins and the ticker, source state), follows the coins the screens watch
 * (`watchCoins`), resubscribes after every reconnect (and asks again for coins a subscribe left out), and
 * polls /api/prices while it cannot connect.
 */
import {
  SOCKET_ERRORS,
  TICKER_COIN_IDS,
  tickerFromPrices,
  type ClientToServerEvents,
  type PriceMap,
  type ServerToClientEvents,
  type SubscribeRefused,
} from '@coinpace/domain';
import { io, type Socket } from 'socket.io-client';
import { useAuth } from '../features/auth/auth-store.ts';
import { mergePrices, setCoinSubscriber, usePrices, watchedCoins } from '../features/prices/prices-store.ts';
import { api, currentToken, sitePassword } from './api-client.ts';
import { reportRequest, reportSocket } from './connection.ts';
import { USER_EVENT_NAMES, emitUserEvent } from './user-events.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface LivePricesOptions {
  /** Server origin; default this page's origin. */
  url?: string;
  /** Without a connection for this long (ms), prices are polled instead. Default 5,000. */
  fallbackAfterMs?: number;
  /** Ms between polls while the socket is down. Default 30,000. */
  pollMs?: number;
  /**
   * Ms before coins a `subscribe` left out (the gateway could not look them up, or holds all the coin sets
   * it may) are asked for again; doubles on each refusal in a row, up to five minutes. Default 15,000.
   */
  refusedRetryMs?: number;
}

/** Mean wait before connecting again after the server disconnected the socket, ms. */
const SERVER_DISCONNECT_RETRY_MS = 1_000;

/** Most ids per /api/prices request (the server's limit). */
const IDS_PER_REQUEST = 500;

/** Longest wait before asking again for coins a `subscribe` left out, ms. */
const MAX_REFUSED_RETRY_MS = 5 * 60_000;

let socket: LiveSocket | null = null;
let subscribed = new Set<string>();
let sendToken = true;
let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let stopAuthWatch: (() => void) | undefined;
let refusedRetryMs = 15_000;
let refusedRetryTimer: ReturnType<typeof setTimeout> | undefined;
let refusedInARow = 0;

/** Starts the live layer once per page; returns the function that stops it. */
export function startLivePrices(options: LivePricesOptions = {}): () => void {
  if (socket) return stopLivePrices;
  const fallbackAfterMs = options.fallbackAfterMs ?? 5_000;
  const pollMs = options.pollMs ?? 30_000;
  refusedRetryMs = options.refusedRetryMs ?? 15_000;
  const live: LiveSocket = io(options.url ?? window.location.origin, {
    autoConnect: false,
    reconnectionDelayMax: 10_000,
    // Asked on every (re)connect, so a refreshed token or a newly entered site password is sent.
    auth: (cb) => {
      void (sendToken ? currentToken() : Promise.resolve(null)).then((token) =>
        cb({ ...(token ? { token } : {}), ...(sitePassword() ? { sitePassword: sitePassword() } : {}) }),
      );
    },
  });
  socket = live;

  const armFallback = () => {
    if (fallbackTimer || pollTimer) return;
    fallbackTimer = setTimeout(() => {
      fallbackTimer = undefined;
      if (live.connected) return;
      usePrices.setState({ connection: 'polling' });
      void pollOnce();
      pollTimer = setInterval(() => void pollOnce(), pollMs);
    }, fallbackAfterMs);
  };

  live.on('connect', () => {
    clearTimeout(fallbackTimer);
    fallbackTimer = undefined;
    clearInterval(pollTimer);
    pollTimer = undefined;
    usePrices.setState({ connection: 'live' });
    reportSocket('connected');
    subscribed = new Set();
    syncSubscriptions(watchedCoins());
  });
  live.on('disconnect', (reason) => {
    usePrices.setState({ connection: 'connecting' });
    reportSocket('reconnecting');
    armFallback();
    // Socket.IO retries a lost transport by itself, but not a disconnect the server chose: a node
    // shutting down may send one, and another node will take the socket. Spread out so
    // a whole node's browsers do not come back at the same instant.
    if (reason === 'io server disconnect') {
      setTimeout(
        () => {
          if (socket === live && !live.connected && !live.active) live.connect();
        },
        SERVER_DISCONNECT_RETRY_MS * (0.5 + Math.random()),
      );
    }
  });
  live.on('connect_error', (error) => {
    armFallback();
    // No answer at all (not a refused handshake): the server cannot be reached.
    if ((error as { type?: string }).type === 'TransportError') reportRequest(false);
    // A refused handshake is not retried by the client itself.
    if (live.active) return;
    if (error.message === SOCKET_ERRORS.unauthorized) sendToken = false;
    if (error.message === SOCKET_ERRORS.sitePassword) usePrices.setState({ connection: 'offline' });
    setTimeout(() => live.connect(), 5_000);
  });
  live.on('ticker', (ticker) => usePrices.setState({ ticker, lastUpdated: Date.now() }));
  live.on('prices', (prices) => mergePrices(prices));
  live.on('source:state', (sourceState) => usePrices.setState({ sourceState }));
  for (const name of USER_EVENT_NAMES) live.on(name, (payload: unknown) => emitUserEvent(name, payload));

  setCoinSubscriber((ids) => {
    if (live.connected) syncSubscriptions(ids);
    else if (pollTimer) void pollOnce();
  });
  // Signing in or out changes who the socket is: shake hands again.
  stopAuthWatch = useAuth.subscribe((state, previous) => {
    if (state.status === previous.status || state.status === 'loading') return;
    sendToken = true;
    live.disconnect().connect();
  });

  usePrices.setState({ connection: 'connecting' });
  reportSocket('connecting');
  live.connect();
  armFallback();
  return stopLivePrices;
}

/** Stops the socket and polling (tests, sign-out of the whole app). */
export function stopLivePrices(): void {
  stopAuthWatch?.();
  stopAuthWatch = undefined;
  clearTimeout(fallbackTimer);
  clearInterval(pollTimer);
  clearTimeout(refusedRetryTimer);
  fallbackTimer = pollTimer = refusedRetryTimer = undefined;
  refusedInARow = 0;
  setCoinSubscriber(() => {});
  socket?.disconnect();
  socket = null;
  reportSocket('idle');
  subscribed = new Set();
}

function syncSubscriptions(ids: string[]): void {
  if (!socket?.connected) return;
  const want = new Set(ids);
  const removed = [...subscribed].filter((id) => !want.has(id));
  const added = ids.filter((id) => !subscribed.has(id));
  subscribed = want;
  if (removed.length > 0) socket.emit('unsubscribe', { coins: removed });
  if (added.length === 0) return;
  socket.emit('subscribe', { coins: added }, (latest, refused) => {
    mergePrices(latest);
    askAgainLater(refused);
  });
}

/**
 * Coins the gateway left out for now (it could not look them up, or holds all the coin sets it may) are
 * not watched: they are dropped from what this page counts as subscribed and asked for again later, with
 * a growing wait while refusals go on. Coins past the socket's cap are not asked again (the cap holds).
 */
function askAgainLater(refused: SubscribeRefused | undefined): void {
  const again = [...(refused?.unknown ?? []), ...(refused?.gatewayFull ?? [])];
  if (again.length === 0) {
    refusedInARow = 0;
    return;
  }
  for (const id of again) subscribed.delete(id);
  if (refusedRetryTimer) return;
  const wait = Math.min(MAX_REFUSED_RETRY_MS, refusedRetryMs * 2 ** refusedInARow);
  refusedInARow += 1;
  refusedRetryTimer = setTimeout(() => {
    refusedRetryTimer = undefined;
    syncSubscriptions(watchedCoins());
  }, wait);
}

/** One poll of /api/prices for the ticker and the watched coins. */
async function pollOnce(): Promise<void> {
  const ids = [...new Set([...TICKER_COIN_IDS, ...watchedCoins()])];
  const found: PriceMap = {};
  try {
    for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
      const chunk = ids.slice(i, i + IDS_PER_REQUEST).join(',');
      Object.assign(
        found,
        await api<PriceMap>(`/api/prices?ids=${encodeURIComponent(chunk)}`, { auth: false }),
      );
    }
  } catch {
    // The next poll tries again; what is shown stays.
    return;
  }
  mergePrices(found);
  if (TICKER_COIN_IDS.some((id) => found[id])) usePrices.setState({ ticker: tickerFromPrices(found) });
}
