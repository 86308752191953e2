/** Test support: users as the API returns them, for web tests. */
import type { UserView } from '@coinpace/domain';

/** A signed-in user as GET /api/users/me shows it: average cost, US dollars, e-mail confirmed. */
export function userView(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'user-9',
    clerkId: 'local_9',
    email: 'x@example.test',
    firstName: 'Ada',
    phone: null,
    emailVerified: true,
    phoneVerified: false,
    costMethod: 'average',
    displayCurrency: 'usd',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
