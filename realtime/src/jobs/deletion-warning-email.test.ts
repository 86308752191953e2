import { describe, expect, it } from 'vitest';
import { deletionWarningEmail } from './deletion-warning-email.ts';

const deleteAt = new Date('2026-03-15T23:30:00Z');

describe('deletionWarningEmail', () => {
  it('names the UTC date, the reason and the link to the plans', () => {
    const mail = deletionWarningEmail({
      firstName: 'Ada',
      deleteAt,
      afterCancellation: false,
      publicUrl: 'https://x.test',
    });
    expect(mail.subject).toBe('Your Coinpace account will be deleted on March 15, 2026');
    expect(mail.bodyText).toContain('Hi Ada,');
    expect(mail.bodyText).toContain('deleted 14 days after registration');
    expect(mail.bodyText).toContain('https://x.test/account');
    expect(mail.bodyHtml).toContain('<a href="https://x.test/account">https://x.test/account</a>');
  });

  it('explains the cancellation case and greets a nameless user', () => {
    const mail = deletionWarningEmail({
      firstName: ' ',
      deleteAt,
      afterCancellation: true,
      publicUrl: 'https://x.test',
    });
    expect(mail.bodyText).toContain('Hi there,');
    expect(mail.bodyText).toContain('after their last billing period ends');
  });

  it('escapes the name in the HTML part', () => {
    const mail = deletionWarningEmail({
      firstName: '<img src=x onerror=alert(1)>',
      deleteAt,
      afterCancellation: false,
      publicUrl: 'https://x.test',
    });
    expect(mail.bodyHtml).not.toContain('<img');
    expect(mail.bodyHtml).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
