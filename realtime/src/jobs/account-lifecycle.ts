import {
  enqueueOutbox,
  findLifecycleCandidates,
  markDeletionWarned,
  deleteAccountData,
  type AppTx,
} from '@coinpace/db';
import { LIFECYCLE_RULES, nextLifecycleStep } from '@coinpace/domain';
import { deletionWarningEmail } from './deletion-warning-email.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountLifecycleResult {
  warned: number;
  deleted: number;
}

/**
 * Applies the account rules of SPEC.md section 9 at `now`, inside the caller's transaction: queues
 * the day-11 warning through the outbox (once per account and clean-up cycle, by dedupe key and
 * `deletion_warned_at`) and deletes accounts whose day 14 has come. Paid accounts are never read.
 */
export async function applyAccountLifecycle(
  tx: AppTx,
  options: { now: Date; publicUrl: string; batchSize?: number },
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
        if (await deleteAccountData(tx, account.userId, now, { releaseSubject: true })) result.deleted += 1;
      }
    }
    if (batch.length < batchSize) return result;
    afterId = batch[batch.length - 1]!.userId;
  }
}
