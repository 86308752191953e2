export { startGateway, type Gateway, type GatewayOptions, type GatewayServer } from './gateway.ts';
export { sitePasswordMatches, type SocketData } from './handshake.ts';
export { CoinSets } from './coin-sets.ts';
