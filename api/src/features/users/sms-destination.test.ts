import { DEFAULT_SMS_COUNTRIES, VERIFICATION_TEXTS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { checkSmsCountries, smsRefusal } from './sms-destination.ts';

describe('which numbers may be sent an SMS code', () => {
  it.each([
    ['+12025550123', 'a US number that may be mobile'],
    ['+16135550123', 'a Canadian number that may be mobile'],
    ['+447400123456', 'a British mobile'],
    ['+447911123456', 'a Guernsey mobile in a British range'],
    ['+4915123456789', 'a German mobile'],
    ['+33612345678', 'a French mobile'],
  ])('sends to %s (%s)', (phone) => {
    expect(smsRefusal(phone, DEFAULT_SMS_COUNTRIES)).toBeUndefined();
  });

  it.each([
    ['+8821612345678', VERIFICATION_TEXTS.networkNumber, 'an international network (+882)'],
    ['+881612345678', VERIFICATION_TEXTS.networkNumber, 'a satellite phone (+881)'],
    ['+883510001234567', VERIFICATION_TEXTS.networkNumber, 'an international network (+883)'],
    ['+882345678901', VERIFICATION_TEXTS.networkNumber, 'a malformed +882 number'],
    ['+870773111111', VERIFICATION_TEXTS.networkNumber, 'Inmarsat (+870)'],
    ['+19005550123', VERIFICATION_TEXTS.premiumNumber, 'a US premium-rate number'],
    ['+448712345678', VERIFICATION_TEXTS.premiumNumber, 'a British premium-rate number'],
    ['+18005550123', VERIFICATION_TEXTS.notMobile, 'a US toll-free number'],
    ['+33140000000', VERIFICATION_TEXTS.notMobile, 'a French landline'],
    ['+15550001234', VERIFICATION_TEXTS.invalidNumber, 'a number no US area has'],
    [
      '+18765550123',
      'We cannot send text messages to numbers in Jamaica yet. Enter a mobile number from another country.',
      'a mobile of a +1 country not on the list',
    ],
    [
      '+8613812345678',
      'We cannot send text messages to numbers in China yet. Enter a mobile number from another country.',
      'a mobile of a country not on the list',
    ],
  ])('refuses %s', (phone, text) => {
    expect(smsRefusal(phone, DEFAULT_SMS_COUNTRIES)).toBe(text);
  });

  it('goes by the configured countries, and never sends to a network number whatever they say', () => {
    expect(smsRefusal('+4915123456789', ['US'])).toMatch(/in Germany yet/);
    expect(smsRefusal('+12025550123', ['US'])).toBeUndefined();
    expect(smsRefusal('+881612345678', ['US', 'GB'])).toBe(VERIFICATION_TEXTS.networkNumber);
  });

  it('refuses a country list with a code that is no country', () => {
    expect(() => checkSmsCountries(['US', 'UK'])).toThrow('SMS_COUNTRIES: UK is not a country code');
    expect(() => checkSmsCountries(DEFAULT_SMS_COUNTRIES)).not.toThrow();
  });
});
