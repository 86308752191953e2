import type { ContactMessage } from '@coinpace/domain';

/** The e-mail support receives for one contact-form message (plain text: nothing the sender typed is rendered). */
export function contactEmail(
  message: ContactMessage,
  receivedAt: Date,
): { subject: string; bodyText: string } {
  const name = message.name.replace(/[\r\n]+/g, ' ');
  return {
    subject: `Contact form: ${name}`.slice(0, 150),
    bodyText: [
      `New message from the Coinpace contact form (${receivedAt.toISOString()}).`,
      '',
      `Name: ${name}`,
      `E-mail: ${message.email}`,
      '',
      message.message,
      '',
      `Reply to ${message.email} to answer.`,
    ].join('\n'),
  };
}
