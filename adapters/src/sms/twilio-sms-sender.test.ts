import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../delivery-error.ts';
import { startTwilioPeer, type TwilioPeer } from './testing/twilio-peer.ts';
import { createTwilioSmsSender, toDeliveryError } from './twilio-sms-sender.ts';

describe('toDeliveryError (Twilio)', () => {
  const err = (fields: object) => Object.assign(new Error('twilio failure'), fields);
  it.each([
    ['invalid To (400 21211)', { status: 400, code: 21211 }, true, 21211],
    ['unsubscribed recipient (400 21610)', { status: 400, code: 21610 }, true, 21610],
    ['our credentials (401 20003)', { status: 401, code: 20003 }, false, 20003],
    ['our account (404 20404)', { status: 404, code: 20404 }, false, 20404],
    ['rate limited (429)', { status: 429, code: 20429 }, false, 20429],
    ['Twilio down (502, no body)', { status: 502 }, false, 502],
    ['connection refused', { code: 'ECONNREFUSED' }, false, 'ECONNREFUSED'],
    ['timed out', { code: 'ECONNABORTED' }, false, 'ECONNABORTED'],
  ])('%s -> permanent %s', (_name, fields, permanent, code) => {
    const error = toDeliveryError(err(fields));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ channel: 'sms', permanent, code });
  });
});

describe('Twilio sender against a local peer', () => {
  let peer: TwilioPeer;
  beforeAll(async () => {
    peer = await startTwilioPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('authenticates with the account SID and token, and treats a refused token as transient', async () => {
    const base = { accountSid: peer.accountSid, fromNumber: '+15005550006', apiUrl: peer.url };
    const good = createTwilioSmsSender({ ...base, authToken: peer.authToken });
    const { sid } = await good.send({ to: '+15551234567', body: 'hello' });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(peer.messages.at(-1)).toMatchObject({ sid, accountSid: peer.accountSid, from: '+15005550006' });
    const wrong = createTwilioSmsSender({ ...base, authToken: 'not-the-token' });
    const error = await wrong.send({ to: '+15551234567', body: 'hello' }).catch((e) => e);
    expect(error).toMatchObject({ channel: 'sms', permanent: false, code: 20003 });
    expect(peer.messages).toHaveLength(1);
  });
});
