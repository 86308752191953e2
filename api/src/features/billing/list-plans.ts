import type { PaymentProvider } from '@coinpace/adapters';
import { PLANS, type PlansResponse } from '@coinpace/domain';

/** GET /api/billing/plans: the plan table with the configured provider's price ids (DESIGN.md section 4). */
export function listPlans(payments: PaymentProvider): PlansResponse {
  return {
    provider: payments.name,
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: plan.price,
      interval: plan.interval,
      priceId: payments.priceIdFor(plan.id),
      features: {
        totalAlerts: plan.features.totalAlerts,
        smsAlerts: plan.features.smsAlerts,
        emailAlerts: plan.features.emailAlerts,
        additionalFeatures: [...plan.features.additionalFeatures],
      },
      setupCap: plan.setupCap,
      popular: plan.popular,
    })),
  };
}
