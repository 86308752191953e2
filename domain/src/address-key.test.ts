import { describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS_KEY, addressKey } from './address-key.ts';

describe('addressKey', () => {
  it.each([
    // IPv4: the address itself.
    ['203.0.113.7', '203.0.113.7'],
    ['  203.0.113.7 ', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['10.199.249.1', '10.199.249.1'],
    // Leading zeros: ipaddr.js refuses them as four-part decimal (octal or not, it is ambiguous).
    ['010.0.0.1', UNKNOWN_ADDRESS_KEY],
    // IPv4-mapped IPv6 is the IPv4 client it maps, in every spelling.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:cb00:7107', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    // IPv6: the /64, however the address is written.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::', '2001:db8::/64'],
    ['2001:db8:0:0:1::', '2001:db8::/64'],
    // Zone ids name a local interface, not a client.
    ['fe80::1%eth0', 'fe80::/64'],
    ['fe80::abcd%25', 'fe80::/64'],
    // Loopback and unspecified.
    ['::1', '::/64'],
    ['::', '::/64'],
    // Not an address: one shared key, so made-up text cannot mint a fresh budget.
    ['', UNKNOWN_ADDRESS_KEY],
    ['unknown', UNKNOWN_ADDRESS_KEY],
    ['203.0.113.7:443', UNKNOWN_ADDRESS_KEY],
    ['[2001:db8::1]', UNKNOWN_ADDRESS_KEY],
    ['203.0.113', UNKNOWN_ADDRESS_KEY],
    ['203.0.113.256', UNKNOWN_ADDRESS_KEY],
    ['260.0.113.1', UNKNOWN_ADDRESS_KEY],
    ['0x7f.0.0.1', UNKNOWN_ADDRESS_KEY],
    ['12345', UNKNOWN_ADDRESS_KEY],
    ['2001:db8::1::2', UNKNOWN_ADDRESS_KEY],
    ['2001:db8:1:2:3:4:5:6:7', UNKNOWN_ADDRESS_KEY],
    ['gggg::1', UNKNOWN_ADDRESS_KEY],
    ['1.2.3.4, 5.6.7.8', UNKNOWN_ADDRESS_KEY],
  ])('%j is counted as %j', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key and the next /64 another', () => {
    const keys = new Set(
      Array.from({ length: 64 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}:${i}::${i + 1}`)),
    );
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(addressKey('2001:db8:aa:bc::1')).not.toBe(addressKey('2001:db8:aa:bb::1'));
  });
});
