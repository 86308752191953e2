/**
 * The request-body table of the malformed-bodies suite (request-bodies.int.test.ts): every POST, PUT and
 * PATCH route the routers declare (and DELETE routes that read a body), with the fields its schema knows.
 */
export interface Fixture {
  token: string;
  holdingId: string;
  /** The holding's opening transaction. */
  transactionId: string;
  alertId: string;
}

export type Kind = 'text' | 'number' | 'list' | 'flag' | 'object';

export interface RouteCase {
  /** The concrete path, with real ids where the route has parameters. */
  path: (f: Fixture) => string;
  /** Whether the route needs the bearer token. */
  token: boolean;
  /** The body fields the route's schema knows, by kind; malformed variants give each a wrong value. */
  fields: Record<string, Kind>;
  /**
   * A list whose items are checked one by one (bulk add, SPEC.md section 3): a well-formed list of bad
   * items is a 200 that adds nothing and names each item's problem.
   */
  itemsOneByOne?: true;
}

export const ROUTES: Record<string, RouteCase> = {
  'POST /api/auth/local/sign-up': {
    path: () => '/api/auth/local/sign-up',
    token: false,
    fields: { email: 'text', password: 'text', firstName: 'text' },
  },
  'POST /api/auth/local/confirm-email': {
    path: () => '/api/auth/local/confirm-email',
    token: false,
    fields: { code: 'text' },
  },
  'POST /api/auth/local/sign-in': {
    path: () => '/api/auth/local/sign-in',
    token: false,
    fields: { email: 'text', password: 'text' },
  },
  'POST /api/users/ensure': {
    path: () => '/api/users/ensure',
    token: true,
    fields: { clerkId: 'text', email: 'text', firstName: 'text' },
  },
  'PATCH /api/users/me': {
    path: () => '/api/users/me',
    token: true,
    fields: { firstName: 'text', email: 'text', phone: 'text' },
  },
  'POST /api/users/me/verification': {
    path: () => '/api/users/me/verification',
    token: true,
    fields: { channel: 'text' },
  },
  'POST /api/users/me/verification/confirm': {
    path: () => '/api/users/me/verification/confirm',
    token: true,
    fields: { channel: 'text', code: 'text' },
  },
  'POST /api/portfolio': {
    path: () => '/api/portfolio',
    token: true,
    fields: {
      coingeckoId: 'text',
      name: 'text',
      symbol: 'text',
      address: 'text',
      quantity: 'number',
      purchasePrice: 'number',
      image: 'text',
    },
  },
  'POST /api/portfolio/bulk': {
    path: () => '/api/portfolio/bulk',
    token: true,
    fields: { portfolioItems: 'list' },
    itemsOneByOne: true,
  },
  'POST /api/portfolio/balances': {
    path: () => '/api/portfolio/balances',
    token: true,
    fields: { balances: 'list' },
  },
  'POST /api/portfolio/import-trades': {
    path: () => '/api/portfolio/import-trades',
    token: true,
    fields: { text: 'text', replaceOpening: 'flag', fileName: 'text' },
  },
  'POST /api/alert-destinations': {
    path: () => '/api/alert-destinations',
    token: true,
    fields: { kind: 'text', url: 'text', label: 'text' },
  },
  // Takes no body: whatever is sent, a destination of someone else (or of no one) is not found.
  'POST /api/alert-destinations/:id/test': {
    path: () => '/api/alert-destinations/00000000-0000-4000-8000-000000000000/test',
    token: true,
    fields: {},
  },
  'POST /api/push/subscriptions': {
    path: () => '/api/push/subscriptions',
    token: true,
    fields: { endpoint: 'text', keys: 'object', expirationTime: 'number' },
  },
  'POST /api/exchange-accounts': {
    path: () => '/api/exchange-accounts',
    token: true,
    fields: {
      exchange: 'text',
      label: 'text',
      apiKey: 'text',
      secret: 'text',
      password: 'text',
      confirmReadOnly: 'flag',
    },
  },
  // Takes no body: whatever is sent, an account of someone else (or of no one) is not found.
  'POST /api/exchange-accounts/:id/sync': {
    path: () => '/api/exchange-accounts/00000000-0000-4000-8000-000000000000/sync',
    token: true,
    fields: {},
  },
  // A valid body is mapped only on the user's own account: on no one's, it is not found.
  'POST /api/exchange-accounts/:id/assets': {
    path: () => '/api/exchange-accounts/00000000-0000-4000-8000-000000000000/assets',
    token: true,
    fields: { asset: 'text', coingeckoId: 'text' },
  },
  'POST /api/wallets': {
    path: () => '/api/wallets',
    token: true,
    fields: { label: 'text', address: 'text' },
  },
  // Takes no body: whatever is sent, a wallet of someone else (or of no one) is not found.
  'POST /api/wallets/:id/refresh': {
    path: () => '/api/wallets/00000000-0000-4000-8000-000000000000/refresh',
    token: true,
    fields: {},
  },
  // Takes no body: whatever is sent, a wallet of someone else (or of no one) is not found.
  'POST /api/wallets/:id/verification': {
    path: () => '/api/wallets/00000000-0000-4000-8000-000000000000/verification',
    token: true,
    fields: {},
  },
  // A well-formed body is checked only against the user's own wallet: on no one's, it is not found.
  'POST /api/wallets/:id/verification/confirm': {
    path: () => '/api/wallets/00000000-0000-4000-8000-000000000000/verification/confirm',
    token: true,
    fields: { message: 'text', signature: 'text' },
  },
  'POST /api/holding-locations/:holdingId/adjust': {
    path: (f) => `/api/holding-locations/${f.holdingId}/adjust`,
    token: true,
    fields: { accountId: 'text' },
  },
  'POST /api/portfolio/import-trades/preview': {
    path: () => '/api/portfolio/import-trades/preview',
    token: true,
    fields: { text: 'text', replaceOpening: 'flag', fileName: 'text' },
  },
  'POST /api/portfolio/:id/report': {
    path: (f) => `/api/portfolio/${f.holdingId}/report`,
    token: true,
    fields: { note: 'text' },
  },
  'PUT /api/portfolio/:id': {
    path: (f) => `/api/portfolio/${f.holdingId}`,
    token: true,
    fields: { purchasePrice: 'number', quantity: 'number' },
  },
  'POST /api/portfolio/:id/transactions': {
    path: (f) => `/api/portfolio/${f.holdingId}/transactions`,
    token: true,
    fields: {
      type: 'text',
      at: 'text',
      quantity: 'number',
      pricePerCoin: 'number',
      fee: 'number',
      note: 'text',
    },
  },
  'PATCH /api/portfolio/:id/transactions/:transactionId': {
    path: (f) => `/api/portfolio/${f.holdingId}/transactions/${f.transactionId}`,
    token: true,
    fields: {
      type: 'text',
      at: 'text',
      quantity: 'number',
      pricePerCoin: 'number',
      fee: 'number',
      note: 'text',
    },
  },
  'POST /api/alerts': {
    path: () => '/api/alerts',
    token: true,
    fields: {
      type: 'text',
      coinId: 'text',
      coinIds: 'list',
      allCoins: 'flag',
      wholePortfolio: 'flag',
      thresholdType: 'text',
      thresholdValue: 'number',
      notificationMethod: 'text',
      resetInterval: 'text',
      coin: 'object',
      // A portfolio kind: the same route with a `kind`.
      kind: 'text',
      measure: 'text',
      holdingId: 'text',
    },
  },
  'POST /api/alerts/protect-portfolio': {
    path: () => '/api/alerts/protect-portfolio',
    token: true,
    fields: { lossPercent: 'number', notificationMethod: 'text', resetInterval: 'text' },
  },
  'PUT /api/alerts/:id': {
    path: (f) => `/api/alerts/${f.alertId}`,
    token: true,
    fields: {
      thresholdType: 'text',
      thresholdValue: 'number',
      notificationMethod: 'text',
      resetInterval: 'text',
      status: 'text',
      measure: 'text',
    },
  },
  'PATCH /api/alerts/:id/status': {
    path: (f) => `/api/alerts/${f.alertId}/status`,
    token: true,
    fields: { status: 'text' },
  },
  'PATCH /api/alerts/:id/reset-interval': {
    path: (f) => `/api/alerts/${f.alertId}/reset-interval`,
    token: true,
    fields: { resetInterval: 'text' },
  },
  'POST /api/billing/webhook': {
    path: () => '/api/billing/webhook',
    token: false,
    fields: { id: 'text', type: 'text', data: 'object' },
  },
  'POST /api/billing/create-checkout-session': {
    path: () => '/api/billing/create-checkout-session',
    token: true,
    fields: { priceId: 'text', successUrl: 'text', cancelUrl: 'text', userId: 'text' },
  },
  'POST /api/billing/payment-success': {
    path: () => '/api/billing/payment-success',
    token: true,
    fields: { sessionId: 'text', userId: 'text' },
  },
  'POST /api/billing/cancel-subscription': {
    path: () => '/api/billing/cancel-subscription',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/reactivate-subscription': {
    path: () => '/api/billing/reactivate-subscription',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/sync-plan': {
    path: () => '/api/billing/sync-plan',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'DELETE /api/billing/delete-account': {
    path: () => '/api/billing/delete-account',
    token: true,
    fields: { userId: 'text', clerkId: 'text', password: 'text' },
  },
  'POST /api/billing/portal-session': {
    path: () => '/api/billing/portal-session',
    token: true,
    fields: { returnUrl: 'text', userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/plan-change/preview': {
    path: () => '/api/billing/plan-change/preview',
    token: true,
    fields: { planId: 'text', userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/plan-change': {
    path: () => '/api/billing/plan-change',
    token: true,
    fields: { planId: 'text', effectiveAt: 'text', userId: 'text', clerkId: 'text' },
  },
  'PUT /api/billing/local-portal/card': {
    path: () => '/api/billing/local-portal/card',
    token: true,
    fields: { number: 'text', expMonth: 'number', expYear: 'number', cvc: 'text', userId: 'text' },
  },
  'POST /api/billing/local-checkout/:sessionId/complete': {
    path: () => '/api/billing/local-checkout/local_missing/complete',
    token: true,
    fields: { sessionId: 'text' },
  },
  'POST /api/billing/local-checkout/:sessionId/cancel': {
    path: () => '/api/billing/local-checkout/local_missing/cancel',
    token: true,
    fields: { sessionId: 'text' },
  },
  'POST /api/prices/track': {
    path: () => '/api/prices/track',
    token: true,
    fields: { coingeckoId: 'text', name: 'text', symbol: 'text', address: 'text' },
  },
  'POST /api/prices/update': { path: () => '/api/prices/update', token: true, fields: { ids: 'list' } },
  'POST /api/check-password': {
    path: () => '/api/check-password',
    token: false,
    fields: { password: 'text' },
  },
  'POST /api/beta-signup': {
    path: () => '/api/beta-signup',
    token: false,
    fields: { email: 'text', tradingKnowledge: 'text', wallet: 'text' },
  },
  'POST /api/contact': {
    path: () => '/api/contact',
    token: false,
    fields: { name: 'text', email: 'text', message: 'text' },
  },
};
