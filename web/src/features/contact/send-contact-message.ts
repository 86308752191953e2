import { AppError, CONTACT_MESSAGES, type ContactMessage } from '@coinpace/domain';
import { trackEvent } from '../../lib/analytics.ts';
import { api } from '../../lib/api-client.ts';

export type SendResult = { ok: true } | { ok: false; message: string };

/**
 * POST /api/contact. Pushes `form_submit` to the data layer when sent and `contact_success` when
 * stored; a refusal (bad field, too many messages) shows the server's words, anything else SPEC.md's
 * 'There was an error sending your message. Please try again.'
 */
export async function sendContactMessage(message: ContactMessage): Promise<SendResult> {
  trackEvent('form_submit', { form: 'contact' });
  try {
    await api<{ success: boolean }>('/api/contact', { method: 'POST', body: message, auth: false });
    trackEvent('contact_success');
    return { ok: true };
  } catch (error) {
    const shown =
      error instanceof AppError && (error.status === 400 || error.status === 429) && Boolean(error.message);
    return { ok: false, message: shown ? (error as AppError).message : CONTACT_MESSAGES.error };
  }
}
