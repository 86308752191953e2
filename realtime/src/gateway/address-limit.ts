/**
 * Open connections per client address (issue 13, finding 4: one client opened 3,000 sockets and took
 * gigabytes of a gateway's memory). A connection is counted from its handshake until it closes; a
 * handshake over the cap is refused before any Socket.IO state is made for it.
 */
import { isIPv6 } from 'node:net';

/**
 * The client's address: the socket's peer, or, behind `trustedHops` proxies that each append to
 * X-Forwarded-For, the entry that many places from its right (what the nearest proxy saw).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  if (trustedHops > 0 && forwardedFor) {
    const entries = String(forwardedFor)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = entries[entries.length - trustedHops] ?? entries[0];
    if (entry) return entry;
  }
  return peer ?? 'unknown';
}

/**
 * The key an address is counted under: an IPv4 address as it is (also when IPv4-mapped), an IPv6 address
 * by its /64, which one subscriber usually holds whole.
 */
export function addressKey(address: string): string {
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Counts open connections per key and refuses one over `max`. */
export class AddressCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more connection for `key`; false (and nothing counted) when it already has `max`. */
  tryTake(key: string): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return false;
    this.open.set(key, count + 1);
    return true;
  }

  /** Counts one connection of `key` fewer. */
  release(key: string): void {
    const count = (this.open.get(key) ?? 0) - 1;
    if (count > 0) this.open.set(key, count);
    else this.open.delete(key);
  }

  /** Open connections of `key`. */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}
