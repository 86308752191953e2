import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { useAuth } from '../auth/auth-store.ts';

/** SPEC.md section 7: issue reports use a mailto link, to the support address of the server's config. */
export function ReportIssue() {
  const supportEmail = useRuntimeConfig((s) => s.config?.supportEmail) ?? 'support@coinpace.local';
  const userId = useAuth((s) => s.user?.id);
  const href = `mailto:${supportEmail}?${new URLSearchParams({
    subject: 'Coinpace issue report',
    body: `Please describe what happened and what you expected.\n\n\nUser id: ${userId ?? 'unknown'}`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;
  return (
    <section className="card account-section" aria-labelledby="report-title">
      <h2 id="report-title">Report an issue</h2>
      <p className="muted">Something not working as it should? Tell us and we will look into it.</p>
      <a className="btn" href={href}>
        Report an issue
      </a>
    </section>
  );
}
