/**
 * The one contract suite of the SMS port, run against the Twilio sender (with a local Twilio peer)
 * and the log sender (sms-sender.contract.test.ts). Fault tests run where the other side can fail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../delivery-error.ts';
import { waitFor } from '../wait-for.ts';
import type { SmsSender } from './port.ts';
import type { TwilioFailure } from './testing/twilio-peer.ts';

/** A message as it reached the other side of a sender. */
export interface DeliveredSms {
  sid: string;
  to: string;
  body: string;
  /** The sender number, where the other side sees one. */
  from?: string;
}

export interface SmsFixture {
  sender: SmsSender;
  /** The configured sender number. */
  fromNumber: string;
  delivered(): DeliveredSms[];
  /** Present when the other side can be made to fail. */
  faults?: {
    fail(failure: TwilioFailure, times?: number): void;
    /** Requests that reached the provider, to see that the sender did not retry by itself. */
    requests(): number;
    down(): Promise<void>;
    up(): Promise<void>;
    /** Creates the next message but holds the reply that would tell the sender so. */
    hold(): void;
    release(): void;
  };
  close(): Promise<void>;
}

export interface SmsTarget {
  name: string;
  canFail: boolean;
  setup(): Promise<SmsFixture>;
}

const BODY = 'Coinpace: Bitcoin (BTC) is $100,001.50, above your $100,000.00 alert. ↑ Naïve café ✓';

export function runSmsContract(target: SmsTarget): void {
  describe(`sms contract: ${target.name}`, () => {
    let fx: SmsFixture;
    beforeEach(async () => {
      fx = await target.setup();
    });
    afterEach(async () => {
      await fx.close();
    });

    it('delivers the body to the recipient from the configured number, with a new sid each time', async () => {
      const first = await fx.sender.send({ to: '+15551234567', body: BODY });
      const second = await fx.sender.send({ to: '+447700900123', body: 'Second' });
      expect(first.sid).not.toBe(second.sid);
      const delivered = fx.delivered();
      expect(delivered).toEqual([
        expect.objectContaining({ sid: first.sid, to: '+15551234567', body: BODY }),
        expect.objectContaining({ sid: second.sid, to: '+447700900123', body: 'Second' }),
      ]);
      for (const sms of delivered) if (sms.from !== undefined) expect(sms.from).toBe(fx.fromNumber);
    });

    it('finds no accepted message that was never sent', async () => {
      await fx.sender.send({ to: '+15551234567', body: 'Sent' });
      const since = new Date(Date.now() - 60_000);
      expect(await fx.sender.findAccepted({ to: '+15551234567', body: 'Never sent' }, since)).toBeNull();
      expect(await fx.sender.findAccepted({ to: '+15559999999', body: 'Sent' }, since)).toBeNull();
    });

    if (target.canFail) {
      const attempt = (to = '+15551234567') => fx.sender.send({ to, body: 'x' }).catch((e: unknown) => e);

      it('finds a message the provider accepted though its reply never came, unless excluded or older', async () => {
        const msg = { to: '+15551234567', body: BODY };
        const since = new Date();
        fx.faults!.hold();
        const sending = fx.sender.send(msg).catch((e: unknown) => e);
        await waitFor(() => fx.delivered().length === 1, { what: 'the message created at the provider' });
        const [created] = fx.delivered();
        expect(await fx.sender.findAccepted(msg, since)).toEqual({ sid: created!.sid });
        expect(await fx.sender.findAccepted(msg, since, new Set([created!.sid]))).toBeNull();
        expect(await fx.sender.findAccepted({ ...msg, body: 'Other' }, since)).toBeNull();
        expect(await fx.sender.findAccepted(msg, new Date(Date.now() + 10 * 60_000))).toBeNull();
        fx.faults!.release();
        expect(await sending).toEqual({ sid: created!.sid });
      });

      it('a lookup while the provider is unreachable is a transient DeliveryError', async () => {
        await fx.faults!.down();
        const error = await fx.sender
          .findAccepted({ to: '+15551234567', body: 'x' }, new Date())
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ channel: 'sms', permanent: false });
      });

      it('fails permanently on an invalid number (21211), once, without retrying', async () => {
        const error = await attempt('555-0100');
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ channel: 'sms', permanent: true, code: 21211 });
        expect(fx.faults!.requests()).toBe(1);
        expect(fx.delivered()).toEqual([]);
      });

      it('fails permanently on any other refusal of the message (4xx)', async () => {
        fx.faults!.fail(
          { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
          1,
        );
        expect(await attempt()).toMatchObject({ channel: 'sms', permanent: true, code: 21610 });
      });

      it.each([
        [500, 20500],
        [503, 20503],
        [429, 20429],
      ])('fails transiently on HTTP %i, without retrying by itself', async (status, code) => {
        fx.faults!.fail({ status, code }, 1);
        expect(await attempt()).toMatchObject({ channel: 'sms', permanent: false, code });
        expect(fx.faults!.requests()).toBe(1);
        await fx.sender.send({ to: '+15551234567', body: 'after' });
        expect(fx.delivered().map((m) => m.body)).toEqual(['after']);
      });

      it('fails transiently while the provider is unreachable, and delivers once it is back', async () => {
        await fx.faults!.down();
        const error = await attempt();
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ channel: 'sms', permanent: false });
        await fx.faults!.up();
        await fx.sender.send({ to: '+15551234567', body: 'back' });
        expect(fx.delivered().map((m) => m.body)).toEqual(['back']);
      });
    }
  });
}
