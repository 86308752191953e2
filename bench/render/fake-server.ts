/**
 * The API answers the benchmark page needs, served in the page itself so the measurement sees only
 * the browser's work: 1,000 holdings of distinct coins, an active plan, a short value history.
 */
import type { BillingInfo, HoldingRow, PortfolioHistory } from '@coinpace/domain';

/** `n` holdings of coins `coin-0` … with prices spread over several magnitudes. */
export function benchHoldings(n: number): HoldingRow[] {
  return Array.from({ length: n }, (_, i) => {
    const price = Number((0.001 * 1.013 ** i * (1 + (i % 7))).toPrecision(6));
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      coinId: `coin-${i}`,
      coingeckoId: `coin-${i}`,
      symbol: `C${i}`,
      name: `Coin number ${i}`,
      quantity: String(10 + (i % 50)),
      purchasePrice: String(price * 0.9),
      currentPrice: price,
      change24h: ((i % 11) - 5) / 2,
      gainLoss: 0,
      address: null,
      image: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
  });
}

const ACTIVE: BillingInfo = {
  plan: 'Token Run',
  planStatus: 'active',
  accountStatus: 'Active',
  isInTrial: false,
  daysRemaining: 30,
  cancelAtPeriodEnd: false,
  billingCycleEnd: null,
  planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
  alertUsage: { alertsSent: 0, remaining: 200 },
} as BillingInfo;

/** Installs a fetch that answers the portfolio screen's calls. */
export function installFakeFetch(holdings: HoldingRow[]): void {
  const now = Date.now();
  const history: PortfolioHistory = {
    range: '7d',
    from: now - 7 * 86_400_000,
    to: now,
    stepMs: 3_600_000,
    holdings: holdings.length,
    points: Array.from({ length: 169 }, (_, i) => ({
      t: now - (168 - i) * 3_600_000,
      value: 100_000 + 5_000 * Math.sin(i / 12),
      priced: holdings.length,
    })),
  };
  const answers: Record<string, unknown> = {
    '/api/portfolio': holdings,
    '/api/prices': {},
    '/api/billing/user': ACTIVE,
    '/api/portfolio/history': history,
  };
  window.fetch = async (input) => {
    const path = new URL(String(input), location.href).pathname;
    const body = answers[path];
    return new Response(JSON.stringify(body ?? { error: 'Not found.' }), {
      status: body === undefined ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
