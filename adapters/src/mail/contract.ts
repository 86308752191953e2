/**
 * The one contract suite of the mail port, run against the SMTP mailer (with a real SMTP peer) and
 * the log mailer (mailer.contract.test.ts). Fault tests run where the other side can fail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../delivery-error.ts';
import type { Mailer } from './port.ts';

/** A message as it reached the other side of a mailer. */
export interface DeliveredMail {
  /** The From header (or logged sender). */
  from: string;
  /** Recipients. */
  to: string[];
  subject?: string;
  text?: string;
  html?: string;
  messageId?: string;
}

export interface MailFixture {
  mailer: Mailer;
  /** The configured default sender. */
  from: string;
  delivered(): DeliveredMail[];
  /** Present when the other side can be made to fail. */
  faults?: {
    down(): Promise<void>;
    up(): Promise<void>;
    rejectRecipient(address: string, code: number): void;
  };
  close(): Promise<void>;
}

export interface MailTarget {
  name: string;
  canFail: boolean;
  setup(): Promise<MailFixture>;
}

const SUBJECT = 'Bitcoin crossed $100,000 ↑ — “to the moon”';
const TEXT =
  'Your alert fired: Bitcoin (BTC) is now $100,001.50, above your target of $100,000.00.\n' +
  'Prices move fast; this is not advice. Naïve café ✓\n';
const HTML =
  '<p>Your alert fired: <strong>Bitcoin (BTC)</strong> is now $100,001.50.</p>\n<p>Naïve café ✓</p>';

export function runMailContract(target: MailTarget): void {
  describe(`mail contract: ${target.name}`, () => {
    let fx: MailFixture;
    beforeEach(async () => {
      fx = await target.setup();
    });
    afterEach(async () => {
      await fx.close();
    });

    it('delivers subject, plain text and HTML from the default sender to the recipient', async () => {
      const sent = await fx.mailer.send({ to: 'ada@example.test', subject: SUBJECT, text: TEXT, html: HTML });
      expect(sent.messageId).toMatch(/\S{8,}/);
      const [mail, ...rest] = fx.delivered();
      expect(rest).toEqual([]);
      expect(mail).toMatchObject({ to: ['ada@example.test'], subject: SUBJECT, messageId: sent.messageId });
      expect(mail!.from).toContain(fx.from.match(/<(.+)>/)?.[1] ?? fx.from);
      expect(mail!.text?.trimEnd()).toBe(TEXT.trimEnd());
      expect(mail!.html?.trimEnd()).toBe(HTML);
    });

    it('sends text alone when there is no HTML, from an explicit sender, with a new id each time', async () => {
      const first = await fx.mailer.send({
        to: 'grace@example.test',
        from: 'Support <help@coinpace.test>',
        subject: 'Thanks for your message',
        text: 'We will reply within two working days.',
      });
      const second = await fx.mailer.send({ to: 'alan@example.test', subject: 'Second', text: 'Two' });
      expect(first.messageId).not.toBe(second.messageId);
      const [a, b] = fx.delivered();
      expect(a).toMatchObject({ to: ['grace@example.test'], subject: 'Thanks for your message' });
      expect(a!.from).toContain('help@coinpace.test');
      expect(a!.text?.trimEnd()).toBe('We will reply within two working days.');
      expect(a!.html).toBeUndefined();
      expect(b).toMatchObject({ to: ['alan@example.test'], subject: 'Second', messageId: second.messageId });
    });

    it('a message sent again with the same key carries the same Message-ID', async () => {
      const message = { to: 'ada@example.test', subject: 'Again', text: 'x', key: 'outbox.1f2e' };
      const first = await fx.mailer.send(message);
      const again = await fx.mailer.send(message);
      const other = await fx.mailer.send({ ...message, key: 'outbox.3a4b' });
      expect(again.messageId).toBe(first.messageId);
      expect(other.messageId).not.toBe(first.messageId);
      expect(fx.delivered().map((m) => m.messageId)).toEqual([
        first.messageId,
        first.messageId,
        other.messageId,
      ]);
    });

    if (target.canFail) {
      it('throws a transient DeliveryError while the server is down, and delivers once it is back', async () => {
        await fx.faults!.down();
        const error = await fx.mailer
          .send({ to: 'ada@example.test', subject: 'Down', text: 'x' })
          .catch((e) => e);
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ channel: 'email', permanent: false });
        await fx.faults!.up();
        await fx.mailer.send({ to: 'ada@example.test', subject: 'Back', text: 'y' });
        expect(fx.delivered().map((m) => m.subject)).toEqual(['Back']);
      });

      it('throws a permanent DeliveryError when the server refuses the recipient for good', async () => {
        fx.faults!.rejectRecipient('gone@example.test', 550);
        const error = await fx.mailer
          .send({ to: 'gone@example.test', subject: 'Hi', text: 'x' })
          .catch((e) => e);
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ channel: 'email', permanent: true, code: 550 });
        expect(fx.delivered()).toEqual([]);
      });

      it('throws a transient DeliveryError when the server defers the recipient (4xx)', async () => {
        fx.faults!.rejectRecipient('busy@example.test', 450);
        const error = await fx.mailer
          .send({ to: 'busy@example.test', subject: 'Hi', text: 'x' })
          .catch((e) => e);
        expect(error).toMatchObject({ channel: 'email', permanent: false, code: 450 });
      });
    }
  });
}
