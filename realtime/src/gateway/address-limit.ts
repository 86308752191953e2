/**
 * Open connections per client address (one client opened 3,000 sockets and took
 * gigabytes of a gateway's memory). A connection is counted from its handshake until it closes; a
 * handshake over the cap is refused before any Socket.IO state is made for it.
 */
import { addressKey } from '@coinpace/domain';

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
 * The key a client is counted under, for every per-client limit of the gateway (connections, site
 * password guesses): domain's address key (IPv4 address, IPv6 /64) of {@link clientAddress}, the same
 * key the API counts its requests under.
 */
export function clientKey(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  return addressKey(clientAddress(peer, forwardedFor, trustedHops));
}

export { addressKey };

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
