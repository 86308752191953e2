/** Which servers each mode of bench:fanout compares, the script each runs, and the clients each gets. */
import { fileURLToPath } from 'node:url';
import type { ServerKind } from './results.ts';

export type Mode = 'sockets' | 'sse' | 'pair';

/** The servers each mode compares (gateway-pair: two gateways on Redis and a publisher). */
export const KINDS: Record<Mode, ServerKind[]> = {
  sockets: ['gateway', 'socketio', 'ws'],
  sse: ['sse', 'raw-sse'],
  pair: ['gateway-pair'],
};
export const SERVER_SCRIPT: Record<ServerKind, string> = {
  gateway: 'gateway-server',
  socketio: 'socketio-server',
  ws: 'ws-server',
  sse: 'sse-server',
  'raw-sse': 'raw-sse-server',
  'gateway-pair': 'gateway-server',
};
export const CLIENT_KIND: Record<ServerKind, 'gateway' | 'ws' | 'sse'> = {
  gateway: 'gateway',
  socketio: 'gateway',
  ws: 'ws',
  sse: 'sse',
  'raw-sse': 'sse',
  'gateway-pair': 'gateway',
};
export const script = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
