/** Contact info of the account screen: GET and PATCH /api/users/me (DESIGN.md section 4; phone in E.164). */
import {
  ZUpdateMe,
  toFieldIssues,
  type ContactChannel,
  type FieldIssue,
  type PendingVerifications,
  type UserView,
  type VerificationSent,
} from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';

export interface ContactFields {
  firstName: string;
  email: string;
  phone: string;
}

/** Whether the saved e-mail / phone was confirmed (alerts go only to confirmed ones). */
export interface ContactVerified {
  email: boolean;
  phone: boolean;
}

/** The contact info as saved, with whether each destination is confirmed. */
export type SavedContact = ContactFields & { verified: ContactVerified };

const fieldsOf = (user: UserView): SavedContact => ({
  firstName: user.firstName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  verified: { email: user.emailVerified, phone: user.phoneVerified },
});

export async function fetchContactInfo(): Promise<SavedContact> {
  const { user } = await api<{ user: UserView }>('/api/users/me');
  return fieldsOf(user);
}

/** Sends a confirmation link (e-mail) or code (SMS) to the saved destination. */
export async function requestVerification(channel: ContactChannel): Promise<VerificationSent> {
  return api<VerificationSent>('/api/users/me/verification', { method: 'POST', body: { channel } });
}

/** The links / codes sent that still hold, so the code field comes back after the user left the screen. */
export async function fetchPendingVerifications(): Promise<VerificationSent[]> {
  return (await api<PendingVerifications>('/api/users/me/verification')).pending;
}

/** Confirms the destination with the SMS code or the link's token; answers the new confirmation state. */
export async function confirmVerification(channel: ContactChannel, code: string): Promise<SavedContact> {
  const { user } = await api<{ user: UserView }>('/api/users/me/verification/confirm', {
    method: 'POST',
    body: { channel, code },
  });
  return fieldsOf(user);
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
export async function saveContactInfo(body: Record<string, string | null>): Promise<SavedContact> {
  const { user } = await api<{ user: UserView }>('/api/users/me', { method: 'PATCH', body });
  const current = useAuth.getState().user;
  if (current) useAuth.setState({ user: { ...current, firstName: user.firstName, email: user.email } });
  return fieldsOf(user);
}
