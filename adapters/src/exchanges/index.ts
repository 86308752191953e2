export * from './port.ts';
export * from './demo-exchange.ts';
export { createCcxtConnector, loadCcxt, type CcxtConnectorOptions } from './ccxt-client.ts';
export { ccxtExchangeList, FIRST_CLASS_EXCHANGES } from './ccxt-catalogue.ts';
export {
  createMemoryRequestLimiter,
  createRedisRequestLimiter,
  type RequestLimiter,
  type RequestLimiterOptions,
  type RedisRequestLimiterOptions,
} from './request-limiter.ts';
