/**
 * Test support other packages' tests import as `@coinpace/adapters/testing`: local peers of outside
 * services, test buses, a recording logger. Never imported by production code.
 */
export * from './wait-for.ts';
export * from './recording-logger.ts';
export * from './bus/testing.ts';
export * from './bus/testing/redis-server.ts';
export * from './testing/tcp-proxy.ts';
export * from './testing/free-port.ts';
export * from './mail/testing/smtp-peer.ts';
export { parseMail, type ParsedMail } from './mail/testing/mime.ts';
export * from './sms/testing/twilio-peer.ts';
export {
  seedAccount,
  type PeerAccount,
  type SeedOptions,
  type SeedTrade,
  type SeedTransfer,
} from './exchanges/testing/accounts.ts';
export {
  startBinancePeer,
  type BinancePeer,
  type BinancePeerOptions,
} from './exchanges/testing/binance-peer.ts';
export { startKrakenPeer, type KrakenPeer, type KrakenPeerOptions } from './exchanges/testing/kraken-peer.ts';
export {
  startRecordedPeer,
  type RecordedExchange,
  type RecordedPeer,
  type RecordedPeerOptions,
} from './exchanges/testing/recorded-peer.ts';
export * from './prices/testing/fake-coingecko.ts';
export * from './prices/testing/fake-binance.ts';
export { SHAPE_FIAT_RATES } from './prices/coingecko-shapes.ts';
export * from './payments/testing/fake-stripe.ts';
export * from './identity/testing/clerk-tokens.ts';
export * from './wallets/testing/esplora-peer.ts';
export * from './wallets/testing/solana-peer.ts';
export { describeHealth, probeHealth, type HealthProbe, type HealthSample } from './testing/health-probe.ts';
export * from './webhooks/testing/webhook-receiver.ts';
export * from './push/testing/push-service-peer.ts';
export * from './telegram/testing/telegram-peer.ts';
export { startAnvil, type Anvil } from './wallets/testing/anvil.ts';
export { TEST_BOB, TEST_FRESH, seedTestChain } from './wallets/testing/test-chain.ts';
export * from './wallets/testing/test-signer.ts';
export { testXpub, type TestXpub } from './wallets/testing/test-xpub.ts';
export { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './wallets/testing/test-token.ts';
export { seedEvmHolders, type EvmHolder } from './wallets/testing/seed-evm.ts';
