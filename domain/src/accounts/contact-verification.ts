/**
 * Confirming the destinations alerts go to: a link by e-mail, a 6-digit code by SMS. Pure rules and
 * texts; the API stores only a hash of the secret and the outbox sends it.
 */
import type { ContactChannel } from '../schemas/users.ts';

/** How long a link / code holds, how many wrong codes a code survives, how often one may be resent. */
export const VERIFICATION_RULES = {
  email: { ttlMs: 24 * 60 * 60 * 1000 },
  sms: { ttlMs: 10 * 60 * 1000 },
  maxAttempts: 5,
  resendAfterMs: 60 * 1000,
} as const;

/**
 * Codes and links one destination (an e-mail address or a phone number) may be sent, whoever asks: the
 * account's own verification, another account that typed the same address, or a sign-up. Sending costs
 * money and lands in someone's inbox, so no number of accounts can turn it into a flood.
 */
export const CODES_PER_DESTINATION = { perHour: 3, perDay: 10 } as const;

/** Default of VERIFICATION_CODES_PER_HOUR: codes and links sent per hour across all users. */
export const DEFAULT_CODES_PER_HOUR = 1000;

/**
 * Default of SMS_COUNTRIES: the countries (ISO 3166 alpha-2) whose mobile numbers may be sent a code.
 * Numbers of no country (satellite and international networks, +881, +882, +883) are never sent one,
 * nor premium-rate, shared-cost or any other number that is not a mobile one, whatever the list says.
 */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = Object.freeze([
  'US',
  'CA',
  'GB',
  // Guernsey, Jersey and the Isle of Man share +44 and many British mobile ranges.
  'GG',
  'JE',
  'IM',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'LU',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'PT',
  'PL',
  'CZ',
  'AU',
  'NZ',
  'JP',
  'SG',
]);

/** The user-facing texts of verification (SPEC.md section 8 style: say what happened and what to do). */
export const VERIFICATION_TEXTS = {
  noEmail: 'Add an e-mail address to your profile first.',
  noPhone: 'Add a phone number to your profile first.',
  alreadyEmail: 'This e-mail address is already verified.',
  alreadyPhone: 'This phone number is already verified.',
  nothingPending: 'There is no code waiting to be confirmed. Send a new one.',
  expired: 'This code has expired. Send a new one.',
  tooManyAttempts: 'Too many wrong codes. Send a new one.',
  wrongCode: 'That code is not right. Check the message and try again.',
  changed: 'Your profile changed since the code was sent. Send a new one.',
  smsNeedsPlan:
    'Text-message alerts come with a paid plan. Choose a plan on your account page, then verify your phone number.',
  invalidNumber: 'This phone number is not valid. Check the number and its country code.',
  notMobile: 'We send codes only to mobile numbers. Enter a mobile phone number.',
  premiumNumber:
    'We cannot send text messages to premium-rate or shared-cost numbers. Enter a mobile number.',
  networkNumber:
    'We cannot send text messages to satellite or international network numbers. Enter a mobile number.',
  globalCap: 'We are sending a lot of codes right now. Please try again in a few minutes.',
} as const;

/** The answer when `country` (ISO 3166 alpha-2) is not on the SMS_COUNTRIES list. */
export function countryNotServedText(countryName: string): string {
  return `We cannot send text messages to numbers in ${countryName} yet. Enter a mobile number from another country.`;
}

/** The answer when a destination had its codes for the hour or the day; `wait` reads like '40 minutes'. */
export function destinationCapText(channel: ContactChannel, wait: string): string {
  const what = channel === 'email' ? 'e-mail address' : 'phone number';
  return `This ${what} has been sent as many confirmation messages as we allow for now. Try again in ${wait}.`;
}

/** A wait in seconds as people read it: '1 minute', '40 minutes', '3 hours'. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** The texts naming what is missing for a channel. */
export function missingDestinationText(channel: ContactChannel): string {
  return channel === 'email' ? VERIFICATION_TEXTS.noEmail : VERIFICATION_TEXTS.noPhone;
}

export function alreadyVerifiedText(channel: ContactChannel): string {
  return channel === 'email' ? VERIFICATION_TEXTS.alreadyEmail : VERIFICATION_TEXTS.alreadyPhone;
}

/** The e-mail with the confirmation link (`link` opens the account screen with the token). */
export function renderVerificationEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail for Coinpace alerts',
    text: [
      'Open this link to confirm that Coinpace alerts may be sent to this address:',
      '',
      link,
      '',
      'The link holds for 24 hours. If you did not ask for it, ignore this message.',
    ].join('\n'),
  };
}

/** The SMS with the code. */
export function renderVerificationSms(code: string): string {
  return `Your Coinpace code is ${code}. It holds for 10 minutes.`;
}
