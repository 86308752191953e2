import { escapeHtml } from '@coinpace/domain';

/** The day-11 e-mail of SPEC.md section 9: the account has no paid plan and will be deleted. */
export interface DeletionWarningEmail {
  subject: string;
  bodyText: string;
  bodyHtml: string;
}

/** Composes the warning for one account; `deleteAt` is shown as a UTC calendar date. */
export function deletionWarningEmail(input: {
  firstName: string | null;
  deleteAt: Date;
  afterCancellation: boolean;
  publicUrl: string;
}): DeletionWarningEmail {
  const date = input.deleteAt.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const plansUrl = `${input.publicUrl}/account`;
  const why = input.afterCancellation
    ? 'Your Coinpace plan has ended. Accounts without a paid plan are deleted 14 days after their last billing period ends.'
    : 'Your Coinpace account has no paid plan yet. Accounts that are not upgraded are deleted 14 days after registration.';
  const paragraphs = [
    `Hi ${input.firstName?.trim() || 'there'},`,
    why,
    `Your account, portfolio and alerts will be deleted on ${date} (UTC).`,
    `To keep them, choose a plan before then: ${plansUrl}`,
    'If you do not want to keep the account, there is nothing to do: we will delete your data on that date.',
    'The Coinpace team',
  ];
  return {
    subject: `Your Coinpace account will be deleted on ${date}`,
    bodyText: paragraphs.join('\n\n'),
    bodyHtml: paragraphs
      .map(
        (p) =>
          `<p>${escapeHtml(p).replace(escapeHtml(plansUrl), `<a href="${escapeHtml(plansUrl)}">${escapeHtml(plansUrl)}</a>`)}</p>`,
      )
      .join('\n'),
  };
}
