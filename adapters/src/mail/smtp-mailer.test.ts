import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../delivery-error.ts';
import { createSmtpMailer, toDeliveryError } from './smtp-mailer.ts';
import { startSmtpPeer, type SmtpPeer } from './testing/smtp-peer.ts';

describe('toDeliveryError', () => {
  const err = (fields: object) => Object.assign(new Error('smtp failure'), fields);
  it.each([
    ['recipient refused (550 RCPT TO)', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, true],
    ['message refused (554 DATA)', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, true],
    ['recipient deferred (451 RCPT TO)', { code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' }, false],
    ['bad sequence (503 DATA)', { code: 'EPROTOCOL', responseCode: 503, command: 'DATA' }, false],
    ['our login refused (535 AUTH)', { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, false],
    [
      'our sender refused (550 MAIL FROM)',
      { code: 'EENVELOPE', responseCode: 550, command: 'MAIL FROM' },
      false,
    ],
    ['connection refused', { code: 'ESOCKET', errno: -111 }, false],
    ['timeout', { code: 'ETIMEDOUT' }, false],
    ['no usable recipient address', { code: 'EENVELOPE', command: 'API' }, true],
  ])('%s -> permanent %s', (_name, fields, permanent) => {
    const error = toDeliveryError(err(fields));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ channel: 'email', permanent });
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('SMTP mailer against a local server', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('logs in with the credentials of the URL, and treats a refused login as transient', async () => {
    const good = createSmtpMailer({ url: peer.url, from: 'alerts@coinpace.test' });
    await good.send({ to: 'ada@example.test', subject: 'Hi', text: 'x' });
    const wrong = createSmtpMailer({
      url: peer.url.replace('s3cret', 'wrong'),
      from: 'alerts@coinpace.test',
    });
    const error = await wrong.send({ to: 'ada@example.test', subject: 'Hi', text: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ channel: 'email', permanent: false, code: 535 });
    expect(peer.messages).toHaveLength(1);
  });

  it('fails a message without a usable recipient permanently', async () => {
    const mailer = createSmtpMailer({ url: peer.url, from: 'alerts@coinpace.test' });
    const error = await mailer.send({ to: 'not an address', subject: 'Hi', text: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ channel: 'email', permanent: true, code: 'EENVELOPE' });
  });
});
