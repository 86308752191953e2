import type { UserRecord } from '@coinpace/db';
import { costMethodOf, displayCurrencyOf, type UserView } from '@coinpace/domain';

/** The user as the API shows it; `clerkId` is the identity subject. */
export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    clerkId: user.identitySubject,
    email: user.email,
    firstName: user.firstName,
    phone: user.phone,
    emailVerified: Boolean(user.email && user.emailVerifiedAt),
    phoneVerified: Boolean(user.phone && user.phoneVerifiedAt),
    costMethod: costMethodOf(user.costMethod),
    displayCurrency: displayCurrencyOf(user.displayCurrency),
    createdAt: user.createdAt.toISOString(),
  };
}
