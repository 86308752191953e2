import { createRecordingLogger } from '../recording-logger.ts';
import { runMailContract, type DeliveredMail } from './contract.ts';
import { createMailer } from './create-mailer.ts';
import { startSmtpPeer } from './testing/smtp-peer.ts';

const from = 'Coinpace <alerts@coinpace.test>';

runMailContract({
  name: 'smtp (nodemailer to a local smtp-server)',
  canFail: true,
  async setup() {
    const peer = await startSmtpPeer();
    return {
      mailer: createMailer({ smtpUrl: peer.url, from }),
      from,
      delivered: () =>
        peer.messages.map((m): DeliveredMail => ({
          from: m.headers.get('from') ?? '',
          to: m.rcptTo,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: m.headers.get('message-id'),
        })),
      faults: {
        down: () => peer.down(),
        up: () => peer.up(),
        rejectRecipient: (address, code) => peer.rejectRecipient(address, code),
      },
      close: () => peer.close(),
    };
  },
});

runMailContract({
  name: 'log transport',
  canFail: false,
  async setup() {
    const logger = createRecordingLogger();
    return {
      mailer: createMailer({ from, logger }),
      from,
      delivered: () =>
        logger.lines
          .filter((l) => l.level === 'info' && typeof l.fields.messageId === 'string')
          .map(({ fields: f }) => ({
            from: String(f.from),
            to: [String(f.to)],
            subject: f.subject as string | undefined,
            text: f.text as string | undefined,
            html: f.html as string | undefined,
            messageId: f.messageId as string,
          })),
      close: async () => {},
    };
  },
});
