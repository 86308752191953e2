/** POST /api/portfolio/{id}/report: Report Error on a holding (SPEC.md section 2, row menu). */
import { z } from 'zod';
import { MAX_REPORT_NOTE_LENGTH } from '../limits.ts';

export { MAX_REPORT_NOTE_LENGTH };

/** Body of POST /api/portfolio/{id}/report; the body itself is optional. */
export const ZReportHolding = z.strictObject({
  /** What the user says is wrong, optional. */
  note: z
    .string({ message: 'note must be text' })
    .trim()
    .max(MAX_REPORT_NOTE_LENGTH, { message: `note must be at most ${MAX_REPORT_NOTE_LENGTH} characters` })
    .optional(),
});
export type ReportHolding = z.output<typeof ZReportHolding>;

/** Response of POST /api/portfolio/{id}/report: the report is queued for the support mailbox. */
export interface ReportQueued {
  status: 'queued';
  /** Outbox message id, for support to find it. */
  reportId: string;
}
