import { Counter, type Registry } from 'prom-client';

/**
 * Registers `coinpace_coingecko_user_calls_total` in `registry` (by outcome: `allowed`, or `refused` for
 * want of the users' share of the CoinGecko quota) and returns what counts one call, to pass to the
 * price source as its `onUserCall`. A steady rate of refusals means users want more than their share.
 */
export function countUserUpstreamCalls(registry: Registry): (outcome: 'allowed' | 'refused') => void {
  const counter = new Counter({
    name: 'coinpace_coingecko_user_calls_total',
    help: "User-driven CoinGecko calls, allowed or refused for want of the users' share of the quota",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const allowed = counter.labels({ outcome: 'allowed' });
  const refused = counter.labels({ outcome: 'refused' });
  return (outcome) => (outcome === 'allowed' ? allowed : refused).inc();
}
