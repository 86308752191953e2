import { describe, expect, it } from 'vitest';
import { parseMail } from './mime.ts';

describe('parseMail (test support)', () => {
  it('reads a nested multipart with base64 and quoted-printable parts and an encoded subject', () => {
    const raw = [
      'From: Coinpace <alerts@coinpace.test>',
      'Subject: =?UTF-8?B?UHJpY2Ug4oaR?=',
      ' =?UTF-8?Q?_alert?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative;',
      ' boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('café ✓').toString('base64'),
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>caf=C3=A9 a long line that was =',
      'wrapped</p>',
      '--inner--',
      '--outer--',
      'epilogue',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Price ↑ alert');
    expect(mail.headers.get('from')).toBe('Coinpace <alerts@coinpace.test>');
    expect(mail.text).toBe('café ✓');
    expect(mail.html).toBe('<p>café a long line that was wrapped</p>');
  });

  it('reads a single-part message as its text', () => {
    const mail = parseMail('Subject: plain\r\n\r\nline one\r\nline two\r\n');
    expect(mail).toMatchObject({ subject: 'plain', text: 'line one\nline two', html: undefined });
  });
});
