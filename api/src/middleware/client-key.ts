import { addressKey } from '@coinpace/domain';

/**
 * The key every per-client limit and counter of the API counts a request under: the address key
 * (IPv4 address, IPv6 /64) of the client address Koa names after TRUSTED_PROXY_HOPS. The gateway
 * counts sockets and handshakes under the same key, so one client is one key everywhere.
 */
export function clientKeyOf(ctx: { ip: string }): string {
  return addressKey(ctx.ip);
}
