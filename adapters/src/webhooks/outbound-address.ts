/**
 * Which addresses a request to a user-given URL may reach (server-side request forgery): never a
 * private, loopback, link-local, shared, multicast or reserved address, so a webhook URL cannot make the
 * server call its own network. The address is checked at connect time, after DNS, so a name that
 * resolves to a private address later (DNS rebinding) is refused too. Loopback is allowed only through
 * the explicit `allowLoopback` switch (WEBHOOK_ALLOW_LOOPBACK, for tests and local receivers).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return loopback.check(a.address, a.family);
}

/** Why `address` may not be reached, or null when it may. */
export function refusedAddress(address: string, opts: { allowLoopback?: boolean } = {}): string | null {
  const a = unmapped(address);
  if (loopback.check(a.address, a.family)) {
    return opts.allowLoopback ? null : `${address} is a loopback address`;
  }
  if (blocked.check(a.address, a.family)) return `${address} is a private or reserved address`;
  return null;
}

/** An address the URL may not reach. */
export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** A `lookup` for http(s).request that resolves the name and refuses the connection to a forbidden address. */
export function guardedLookup(opts: { allowLoopback?: boolean }): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      for (const a of list) {
        const why = refusedAddress(a.address, opts);
        if (why) return callback(new RefusedAddressError(why), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
