/**
 * Which phone numbers may be sent an SMS code: mobile numbers of the countries on SMS_COUNTRIES. A code
 * to a premium-rate, shared-cost or satellite number costs us and pays whoever runs it, so those are
 * refused whatever the list says. libphonenumber-js's full metadata tells a number's country and type.
 */
import { VERIFICATION_TEXTS, countryNotServedText } from '@coinpace/domain';
import { isSupportedCountry, parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

const MOBILE_TYPES: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
const PAID_BY_CALLER_TYPES: ReadonlySet<NumberType> = new Set(['PREMIUM_RATE', 'SHARED_COST']);
/** Calling codes of no country: satellite (+870, +881), international networks (+882, +883) and the like. */
const NETWORK_CALLING_CODES: ReadonlySet<string> = new Set(['870', '878', '881', '882', '883', '888', '979']);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Why `phone` (E.164) may not be sent an SMS code, as the user should read it; undefined when it may.
 * `countries` are ISO 3166 alpha-2 codes.
 */
export function smsRefusal(phone: string, countries: readonly string[]): string | undefined {
  const number = parsePhoneNumberFromString(phone);
  if (!number || !number.isValid()) {
    if (number && NETWORK_CALLING_CODES.has(number.countryCallingCode))
      return VERIFICATION_TEXTS.networkNumber;
    return VERIFICATION_TEXTS.invalidNumber;
  }
  if (!number.country) return VERIFICATION_TEXTS.networkNumber;
  const type = number.getType();
  if (type && PAID_BY_CALLER_TYPES.has(type)) return VERIFICATION_TEXTS.premiumNumber;
  if (!type || !MOBILE_TYPES.has(type)) return VERIFICATION_TEXTS.notMobile;
  if (!countries.includes(number.country))
    return countryNotServedText(regionNames.of(number.country) ?? number.country);
  return undefined;
}

/**
 * Throws at start-up when SMS_COUNTRIES names a code that is no country, so a typo ('UK' for 'GB') does
 * not silently refuse a whole country.
 */
export function checkSmsCountries(countries: readonly string[]): void {
  const unknown = countries.filter((code) => !isSupportedCountry(code));
  if (unknown.length > 0) {
    throw new Error(`SMS_COUNTRIES: ${unknown.join(', ')} is not a country code libphonenumber-js knows`);
  }
}
