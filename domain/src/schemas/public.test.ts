import { describe, expect, it } from 'vitest';
import { parseOrThrow } from '../validation.ts';
import { BETA_EMAIL_FORBIDDEN_CHARS, BETA_MESSAGES } from '../form-texts.ts';
import { CONTACT_MESSAGES, ZBetaSignup, ZContactMessage, betaEmailProblem } from './public.ts';

describe('betaEmailProblem', () => {
  it.each([
    'ada@example.com',
    '  Ada.Lovelace@example.co.uk ',
    "o'brien@example.ie",
    'a_b-c@sub.example.org',
  ])('accepts %j', (email) => {
    expect(betaEmailProblem(email)).toBeNull();
  });

  it('asks for an address when blank', () => {
    expect(betaEmailProblem('   ')).toBe(BETA_MESSAGES.emailRequired);
  });

  it.each(['ada+beta@example.com', '+@example.com', 'ada@exa+mple.com'])(
    'refuses the plus sign in %j',
    (email) => {
      expect(betaEmailProblem(email)).toBe('Email addresses with + signs are not allowed.');
    },
  );

  it('lists every character SPEC.md names', () => {
    for (const c of '<>{}[]\\|`~!#$%^&*()=?') expect(BETA_EMAIL_FORBIDDEN_CHARS).toContain(c);
  });

  it.each([...BETA_EMAIL_FORBIDDEN_CHARS])('refuses %j as an invalid character', (c) => {
    expect(betaEmailProblem(`ad${c}a@example.com`)).toBe('Email contains invalid characters.');
  });

  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada @example.com',
    'ada@@example.com',
    'a..b@example.com',
  ])('refuses %j as not an address', (email) => {
    expect(betaEmailProblem(email)).toBe('Please enter a valid email address.');
  });

  it('refuses an address longer than 254 characters', () => {
    expect(betaEmailProblem(`${'a'.repeat(250)}@example.com`)).toBe(BETA_MESSAGES.emailInvalid);
  });
});

describe('ZBetaSignup', () => {
  it('normalises the e-mail and keeps the choices', () => {
    expect(
      ZBetaSignup.parse({ email: ' Ada@Example.COM ', tradingKnowledge: 'expert', wallet: 'ledger' }),
    ).toEqual({ email: 'ada@example.com', tradingKnowledge: 'expert', wallet: 'ledger' });
  });

  it.each([
    [{ tradingKnowledge: 'expert', wallet: 'ledger' }, BETA_MESSAGES.emailRequired],
    [{ email: 'a@example.com', wallet: 'ledger' }, BETA_MESSAGES.tradingKnowledgeRequired],
    [
      { email: 'a@example.com', tradingKnowledge: 'guru', wallet: 'ledger' },
      BETA_MESSAGES.tradingKnowledgeRequired,
    ],
    [{ email: 'a@example.com', tradingKnowledge: 'expert' }, BETA_MESSAGES.walletRequired],
    [{ email: 'a@example.com', tradingKnowledge: 'expert', wallet: 'paper' }, BETA_MESSAGES.walletRequired],
  ])('refuses %j with its message', (body, message) => {
    expect(() => parseOrThrow(ZBetaSignup, body)).toThrow(message);
  });
});

describe('ZContactMessage', () => {
  it('trims the fields', () => {
    expect(ZContactMessage.parse({ name: ' Ada ', email: 'ada@example.com', message: ' Hi ' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hi',
    });
  });

  it.each([
    [{ email: 'a@example.com', message: 'Hi' }, CONTACT_MESSAGES.nameRequired],
    [{ name: '  ', email: 'a@example.com', message: 'Hi' }, CONTACT_MESSAGES.nameRequired],
    [{ name: 'Ada', message: 'Hi' }, CONTACT_MESSAGES.emailRequired],
    [{ name: 'Ada', email: 'nope', message: 'Hi' }, CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Ada', email: 'a@example.com', message: '' }, CONTACT_MESSAGES.messageRequired],
    [{ name: 'Ada', email: 'a@example.com', message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    [{ name: 'x'.repeat(101), email: 'a@example.com', message: 'Hi' }, CONTACT_MESSAGES.nameTooLong],
  ])('refuses %j with its message', (body, message) => {
    expect(() => parseOrThrow(ZContactMessage, body)).toThrow(message);
  });
});
