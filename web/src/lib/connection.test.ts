import { afterEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_TEXTS,
  connectionStatus,
  priceAgeText,
  reportRequest,
  reportSocket,
  resetConnection,
  useConnection,
  watchOnline,
  type ConnectionSignals,
} from './connection.ts';

const signals = (changes: Partial<ConnectionSignals> = {}): ConnectionSignals => ({
  online: true,
  socket: 'connected',
  serverUnreachable: false,
  ...changes,
});

const status = () => connectionStatus(useConnection.getState());

afterEach(() => resetConnection());

describe('connection status', () => {
  it('tells live, connecting, reconnecting, offline and server unreachable apart', () => {
    expect(connectionStatus(signals())).toBe('live');
    expect(connectionStatus(signals({ socket: 'connecting' }))).toBe('connecting');
    expect(connectionStatus(signals({ socket: 'idle' }))).toBe('connecting');
    expect(connectionStatus(signals({ socket: 'reconnecting' }))).toBe('reconnecting');
    expect(connectionStatus(signals({ socket: 'reconnecting', serverUnreachable: true }))).toBe(
      'unreachable',
    );
    // A request without an answer outweighs a socket that has not noticed yet.
    expect(connectionStatus(signals({ serverUnreachable: true }))).toBe('unreachable');
    // Offline explains everything else.
    expect(connectionStatus(signals({ online: false, serverUnreachable: true }))).toBe('offline');
    expect(CONNECTION_TEXTS.unreachable).toBe('Server unreachable');
    expect(CONNECTION_TEXTS.reconnecting).toBe('Reconnecting…');
  });

  it('follows what the socket and the HTTP client report', () => {
    reportSocket('connected');
    expect(status()).toBe('live');
    reportSocket('reconnecting');
    expect(status()).toBe('reconnecting');
    reportRequest(false);
    expect(status()).toBe('unreachable');
    reportRequest(true);
    expect(status()).toBe('reconnecting');
    reportRequest(false);
    // The socket connecting again proves the server is there.
    reportSocket('connected');
    expect(status()).toBe('live');
  });

  it("follows the browser's offline and online events", () => {
    let online = true;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    const stop = watchOnline(window);
    try {
      reportSocket('connected');
      online = false;
      window.dispatchEvent(new Event('offline'));
      expect(status()).toBe('offline');
      online = true;
      window.dispatchEvent(new Event('online'));
      expect(status()).toBe('live');
    } finally {
      stop();
      Reflect.deleteProperty(window.navigator, 'onLine');
    }
  });

  it('says how old the prices are', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(priceAgeText(null, now)).toBeNull();
    expect(priceAgeText(now - 20_000, now)).toBe('Prices from less than a minute ago');
    expect(priceAgeText(now - 7 * 60_000 - 5_000, now)).toBe('Prices from 7 min ago');
    expect(priceAgeText(now - 3 * 3_600_000, now)).toBe('Prices from 3 h ago');
  });
});
