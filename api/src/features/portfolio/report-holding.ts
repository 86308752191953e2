import { randomUUID } from 'node:crypto';
import { enqueueOutbox, findHolding, type AppDb, type UserRecord } from '@coinpace/db';
import { AppError, composeHoldingReport, type ReportHolding, type ReportQueued } from '@coinpace/domain';

/**
 * Report Error on a holding (SPEC.md section 2, row menu): writes the report e-mail for the support
 * mailbox to the outbox, where the dispatcher delivers it. 404 when the holding is not the user's.
 */
export async function reportHolding(
  db: AppDb,
  input: { user: UserRecord; holdingId: string; report: ReportHolding; supportEmail: string; now?: Date },
): Promise<ReportQueued> {
  const { user, holdingId, report, supportEmail } = input;
  const holding = await findHolding(db, user.id, holdingId);
  if (!holding) throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
  const email = composeHoldingReport({
    holding,
    reporter: { id: user.id, email: user.email, firstName: user.firstName },
    note: report.note || undefined,
    at: input.now ?? new Date(),
  });
  const reportId = randomUUID();
  const message = await enqueueOutbox(db, {
    channel: 'email',
    kind: 'report',
    recipient: supportEmail,
    subject: email.subject,
    bodyText: email.text,
    // Every click is its own report; the key only guards against a retried insert.
    dedupeKey: `report:${reportId}`,
    userId: user.id,
  });
  return { status: 'queued', reportId: message?.id ?? reportId };
}
