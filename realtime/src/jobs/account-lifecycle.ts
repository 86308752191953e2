import {
  enqueueOutbox,
  findLifecycleCandidates,
  markDeletionWarned,
  deleteAccountData,
  type AppTx,
} from '@coinpace/db';
import type { IdentityAdmin, Logger } from '@coinpace/adapters';
import { LIFECYCLE_RULES, nextLifecycleStep } from '@coinpace/domain';
import { deletionWarningEmail } from './deletion-warning-email.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountLifecycleResult {
  warned: number;
  deleted: number;
}

export interface AccountLifecycleOptions {
  now: Date;
  publicUrl: string;
  batchSize?: number;
  /**
   * Deletes the identity at the provider first (Clerk with CLERK_SECRET_KEY), as the immediate deletion does,
   * so a purged account cannot sign in again to an empty one. Absent: local accounts only.
   */
  identityAdmin?: IdentityAdmin;
  logger?: Logger;
}

/** Local accounts (`local_…`) live only in our database; every other subject is the identity provider's. */
const isProviderSubject = (subject: string) => !subject.startsWith('local_');

/**
 * Applies the account rules of SPEC.md section 9 at `now`, inside the caller's transaction: queues
 * the day-11 warning through the outbox (once per account and clean-up cycle, by dedupe key and
 * `deletion_warned_at`) and deletes accounts whose day 14 has come. Paid accounts are never read.
 * An account whose identity the provider could not delete is kept (and logged) until the next pass, so
 * no Clerk user is left without its data being gone too, nor the reverse.
 */
export async function applyAccountLifecycle(
  tx: AppTx,
  options: AccountLifecycleOptions,
): Promise<AccountLifecycleResult> {
  const { now, publicUrl } = options;
  const batchSize = options.batchSize ?? 500;
  const startedBy = new Date(now.getTime() - LIFECYCLE_RULES.warnAfterDays * DAY_MS);
  const result: AccountLifecycleResult = { warned: 0, deleted: 0 };
  let afterId: string | undefined;

  for (;;) {
    const batch = await findLifecycleCandidates(tx, { startedBy, afterId, limit: batchSize });
    for (const account of batch) {
      const step = nextLifecycleStep(account, now);
      if (step.action === 'warn') {
        const email = deletionWarningEmail({
          firstName: account.firstName,
          deleteAt: step.deleteAt,
          afterCancellation: step.startsAt.getTime() !== account.createdAt.getTime(),
          publicUrl,
        });
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'lifecycle',
          recipient: account.email!,
          ...email,
          dedupeKey: `lifecycle:deletion-warning:${account.userId}:${step.startsAt.toISOString()}`,
          userId: account.userId,
        });
        await markDeletionWarned(tx, account.userId, now);
        result.warned += 1;
      } else if (step.action === 'delete') {
        if (!(await deleteIdentity(options, account.userId, account.identitySubject))) continue;
        if (await deleteAccountData(tx, account.userId, now, { releaseSubject: true })) result.deleted += 1;
      }
    }
    if (batch.length < batchSize) return result;
    afterId = batch[batch.length - 1]!.userId;
  }
}

/** Deletes the account's identity at the provider when there is one; false when the provider failed. */
async function deleteIdentity(
  options: AccountLifecycleOptions,
  userId: string,
  subject: string,
): Promise<boolean> {
  if (!options.identityAdmin || !isProviderSubject(subject)) return true;
  try {
    await options.identityAdmin.deleteUser(subject);
    return true;
  } catch (err) {
    options.logger?.warn(
      { err, userId },
      'identity provider could not delete the account; retrying next pass',
    );
    return false;
  }
}
