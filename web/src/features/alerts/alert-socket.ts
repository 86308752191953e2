/**
 * The alerts screen's live feed until the app-wide socket layer carries it: one Socket.IO connection
 * (DESIGN.md section 4) authenticated with the session token, so the server puts it in `user:{id}` and
 * sends `alert:triggered`; it also joins the rooms of the alerts' coins so distances move with prices.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@coinpace/domain';
import { io, type Socket } from 'socket.io-client';
import { sessionToken, sitePassword } from '../../lib/api-client.ts';
import { mergePrices } from '../prices/prices-store.ts';
import { handleAlertTriggered } from './alerts-store.ts';

type AlertSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects; returns the functions that change the watched coins and disconnect. */
export function connectAlertEvents(): { watch: (coins: string[]) => void; close: () => void } {
  let coins: string[] = [];
  const socket: AlertSocket = io({
    transports: ['websocket', 'polling'],
    // A fresh token on every (re)connect: session tokens are short-lived.
    auth: (cb) => {
      void sessionToken().then((token) => cb({ token, sitePassword: sitePassword() ?? undefined }));
    },
  });
  socket.on('alert:triggered', handleAlertTriggered);
  socket.on('prices', (prices) => mergePrices(prices));
  socket.on('connect', () => {
    if (coins.length > 0) socket.emit('subscribe', { coins }, (latest) => mergePrices(latest));
  });
  return {
    watch(next) {
      coins = [...new Set(next)].sort();
      if (socket.connected && coins.length > 0)
        socket.emit('subscribe', { coins }, (latest) => mergePrices(latest));
    },
    close: () => {
      socket.disconnect();
    },
  };
}
