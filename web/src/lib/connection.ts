/**
 * One status for this tab's link to Coinpace, derived from three signals: whether the browser is
 * online (navigator.onLine and its online/offline events), the live socket's state, and whether
 * HTTP requests to the API get an answer at all (a network error means the server cannot be reached).
 * The screens show it instead of a pile of failure banners.
 */
import { create } from 'zustand';

/** The live socket as the socket layer reports it. */
export type SocketState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface ConnectionSignals {
  /** navigator.onLine, kept current by the online/offline events. */
  online: boolean;
  socket: SocketState;
  /** The last API request got no answer, and none has been answered since. */
  serverUnreachable: boolean;
}

export type ConnectionStatus = 'live' | 'connecting' | 'reconnecting' | 'offline' | 'unreachable';

export const CONNECTION_TEXTS: Readonly<Record<ConnectionStatus, string>> = {
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  unreachable: 'Server unreachable',
};

/**
 * The status the signals add up to. The browser being offline explains everything else; a request
 * without an answer says the server is down even if the socket has not noticed yet; otherwise the
 * socket says whether prices are live.
 */
export function connectionStatus(signals: ConnectionSignals): ConnectionStatus {
  if (!signals.online) return 'offline';
  if (signals.serverUnreachable) return 'unreachable';
  if (signals.socket === 'connected') return 'live';
  if (signals.socket === 'reconnecting') return 'reconnecting';
  return 'connecting';
}

/**
 * How old the prices shown are, for when they are not live: 'Prices from N min ago' (hours past
 * an hour); null when no price has arrived yet.
 */
export function priceAgeText(lastUpdated: number | null, now: number): string | null {
  if (lastUpdated === null) return null;
  const minutes = Math.max(0, Math.floor((now - lastUpdated) / 60_000));
  if (minutes < 1) return 'Prices from less than a minute ago';
  if (minutes < 60) return `Prices from ${minutes} min ago`;
  return `Prices from ${Math.floor(minutes / 60)} h ago`;
}

export const useConnection = create<ConnectionSignals>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  socket: 'idle',
  serverUnreachable: false,
}));

/** The derived status; re-renders only when it changes. */
export function useConnectionStatus(): ConnectionStatus {
  return useConnection(connectionStatus);
}

/** Called by the socket layer on every change of the socket's state. */
export function reportSocket(socket: SocketState): void {
  if (useConnection.getState().socket === socket) return;
  // A socket that connects has reached the server.
  useConnection.setState(socket === 'connected' ? { socket, serverUnreachable: false } : { socket });
}

/** How long after a request without an answer the API is asked again, ms (doubles up to the max). */
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeWait = PROBE_FIRST_MS;

/**
 * Called by the HTTP client after every request: `answered` is false when the request got no answer
 * (a network error). While the server cannot be reached, the API is asked again now and then, so the
 * status comes back without waiting for the user to do something.
 */
export function reportRequest(answered: boolean): void {
  if (answered) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probeWait = PROBE_FIRST_MS;
    if (useConnection.getState().serverUnreachable) useConnection.setState({ serverUnreachable: false });
    return;
  }
  if (!useConnection.getState().serverUnreachable) useConnection.setState({ serverUnreachable: true });
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer || typeof window === 'undefined') return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    // Offline, nothing can answer: the online event starts the next probe.
    if (!useConnection.getState().online) return;
    probeWait = Math.min(PROBE_MAX_MS, probeWait * 2);
    fetch('/api/config', { cache: 'no-store' }).then(
      () => reportRequest(true),
      () => reportRequest(false),
    );
  }, probeWait);
}

/** Follows the browser's online and offline events; returns the function that stops. */
export function watchOnline(win: Window = window): () => void {
  const update = () => {
    const online = win.navigator.onLine;
    useConnection.setState({ online });
    if (online && useConnection.getState().serverUnreachable) {
      // Back online: ask the server soon, not after the backed-off wait.
      clearTimeout(probeTimer);
      probeTimer = undefined;
      probeWait = PROBE_FIRST_MS;
      scheduleProbe();
    }
  };
  update();
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  return () => {
    win.removeEventListener('online', update);
    win.removeEventListener('offline', update);
  };
}

/** Back to the start (tests). */
export function resetConnection(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeWait = PROBE_FIRST_MS;
  useConnection.setState({ online: true, socket: 'idle', serverUnreachable: false });
}
