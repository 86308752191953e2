/**
 * The one key every per-client limit and counter uses. A home line gets a whole IPv6 /64 (2^64
 * addresses), so counting full IPv6 addresses lets one person mint a fresh budget per request; an
 * IPv4 address is usually one line, or one NAT.
 */
import ipaddr from 'ipaddr.js';

/** The key of every client whose address is not an IP address, so malformed input cannot mint fresh keys. */
export const UNKNOWN_ADDRESS_KEY = 'unknown';

/** Four decimal octets of 0-255 without leading zeros: an IPv4 address exactly as ipaddr.js would print it. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The client key of `address`: an IPv4 address in dotted decimal (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address as its /64 prefix (`2001:db8:1:2::/64`, zone id dropped), and
 * {@link UNKNOWN_ADDRESS_KEY} for anything else.
 */
export function addressKey(address: string): string {
  // Every request's limits ask for this key, and nearly every client address is plain dotted decimal,
  // which is already its own key: parsing it would only give the same text back.
  if (CANONICAL_IPV4.test(address)) return address;
  const text = address.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!ipaddr.IPv6.isValid(text)) return UNKNOWN_ADDRESS_KEY;
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
