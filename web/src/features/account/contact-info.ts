/** Contact info of the account screen: GET and PATCH /api/users/me (DESIGN.md section 4; phone in E.164). */
import { ZUpdateMe, toFieldIssues, type FieldIssue, type UserView } from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';

export interface ContactFields {
  firstName: string;
  email: string;
  phone: string;
}

export async function fetchContactInfo(): Promise<ContactFields> {
  const { user } = await api<{ user: UserView }>('/api/users/me');
  return { firstName: user.firstName ?? '', email: user.email ?? '', phone: user.phone ?? '' };
}

/** Checks the fields as the server will; the problems by field, or the normalised body to send. */
export function validateContactInfo(
  fields: ContactFields,
): { ok: true; body: Record<string, string | null> } | { ok: false; issues: FieldIssue[] } {
  const body = { firstName: fields.firstName, email: fields.email, phone: fields.phone };
  const parsed = ZUpdateMe.safeParse(body);
  if (!parsed.success) return { ok: false, issues: toFieldIssues(parsed.error) };
  return { ok: true, body };
}

/** Saves the contact info and updates the signed-in profile (greeting, menu) with it. */
export async function saveContactInfo(body: Record<string, string | null>): Promise<ContactFields> {
  const { user } = await api<{ user: UserView }>('/api/users/me', { method: 'PATCH', body });
  const current = useAuth.getState().user;
  if (current) useAuth.setState({ user: { ...current, firstName: user.firstName, email: user.email } });
  return { firstName: user.firstName ?? '', email: user.email ?? '', phone: user.phone ?? '' };
}
