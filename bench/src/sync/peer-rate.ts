/**
 * The request rate a peer saw, in the exchange's own cost units: each logged request weighs what ccxt
 * says its endpoint costs (the same units the request pace is configured in), and the heaviest second
 * is the sum over the one-second window holding the most.
 */
import { loadCcxt } from '@coinpace/adapters';

type ApiTree = Record<string, unknown>;

/** Cost by 'METHOD /path' for one exchange, from ccxt's endpoint table and its API base URLs. */
export async function endpointCosts(exchangeId: string): Promise<Map<string, number>> {
  const ccxt = (await loadCcxt()) as unknown as Record<
    string,
    new () => { api: ApiTree; urls: { api: unknown } }
  >;
  const Exchange = ccxt[exchangeId];
  if (!Exchange) throw new Error(`ccxt has no exchange ${exchangeId}`);
  const ex = new Exchange();
  const bases = (ex.urls.api ?? {}) as Record<string, unknown>;
  const costs = new Map<string, number>();
  for (const [section, methods] of Object.entries(ex.api)) {
    const base = bases[section];
    if (typeof base !== 'string') continue;
    const prefix = new URL(base).pathname.replace(/\/$/, '');
    for (const [method, endpoints] of Object.entries(methods as ApiTree)) {
      for (const [endpoint, spec] of Object.entries(endpoints as ApiTree)) {
        const cost =
          typeof spec === 'number'
            ? spec
            : typeof spec === 'object' &&
                spec !== null &&
                typeof (spec as { cost?: unknown }).cost === 'number'
              ? (spec as { cost: number }).cost
              : 1;
        costs.set(`${method.toUpperCase()} ${prefix}/${endpoint}`, cost);
      }
    }
  }
  return costs;
}

export interface PeerRate {
  requests: number;
  /** The most cost units any one-second window held. */
  worstCostInOneSecond: number;
  /** The most requests any one-second window held. */
  worstRequestsInOneSecond: number;
  /** The heaviest single request, cost units (a window may start just before one). */
  heaviestRequest: number;
  /** Requests whose endpoint ccxt does not list (counted at cost 1). */
  unknownEndpoints: string[];
}

export function peerRate(
  log: readonly { at: number; method: string; path: string }[],
  costs: Map<string, number>,
): PeerRate {
  const unknown = new Set<string>();
  const weighed = log
    .map((r) => {
      const key = `${r.method} ${r.path}`;
      const cost = costs.get(key);
      if (cost === undefined) unknown.add(key);
      return { at: r.at, cost: cost ?? 1 };
    })
    .sort((a, b) => a.at - b.at);
  let worstCost = 0;
  let worstCount = 0;
  for (let i = 0, j = 0, sum = 0; i < weighed.length; i += 1) {
    sum += weighed[i]!.cost;
    while (weighed[i]!.at - weighed[j]!.at >= 1000) sum -= weighed[j++]!.cost;
    worstCost = Math.max(worstCost, sum);
    worstCount = Math.max(worstCount, i - j + 1);
  }
  return {
    requests: log.length,
    worstCostInOneSecond: Number(worstCost.toFixed(1)),
    worstRequestsInOneSecond: worstCount,
    heaviestRequest: Math.max(0, ...weighed.map((w) => w.cost)),
    unknownEndpoints: [...unknown],
  };
}
