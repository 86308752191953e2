import { describe, expect, it } from 'vitest';
import { guardedLookup, refusedAddress } from './outbound-address.ts';
import { postJson, urlProblem } from './post-json.ts';
import { newWebhookSecret, verifyWebhookSignature, webhookSignature } from './signature.ts';

describe('the SSRF rules for user-given URLs', () => {
  it.each([
    ['10.1.2.3', /private/],
    ['172.20.0.1', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /private/],
    ['100.64.0.1', /private/],
    ['0.0.0.0', /private/],
    ['127.0.0.1', /loopback/],
    ['::1', /loopback/],
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:127.0.0.1', /loopback/],
    ['fd00::1', /private/],
    ['fe80::1', /private/],
  ])('refuses %s', (address, why) => {
    expect(refusedAddress(address)).toMatch(why);
  });

  it('allows public addresses, and loopback only with the switch', () => {
    expect(refusedAddress('93.184.216.34')).toBeNull();
    expect(refusedAddress('2606:4700::1111')).toBeNull();
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).toMatch(/private/);
  });

  it('wants https, and plain http only to loopback under the switch', () => {
    expect(urlProblem('https://hooks.example.com/coinpace')).toBeNull();
    expect(urlProblem('http://hooks.example.com/coinpace')).toMatch(/https/);
    expect(urlProblem('https://127.0.0.1/x')).toMatch(/loopback/);
    expect(urlProblem('https://[::1]/x')).toMatch(/loopback/);
    expect(urlProblem('https://localhost/x')).toMatch(/localhost/);
    expect(urlProblem('https://user:pw@example.com/x')).toMatch(/password/);
    expect(urlProblem('http://127.0.0.1:8080/x', { allowLoopback: true })).toBeNull();
    expect(urlProblem('http://10.0.0.1/x', { allowLoopback: true })).toMatch(/private/);
  });

  it('refuses to post to a loopback address', async () => {
    await expect(postJson('https://127.0.0.1/x', '{}', {})).rejects.toThrow(/loopback/);
  });
});

describe('the connect-time lookup', () => {
  it('refuses a name that resolves to a loopback address (the check after DNS)', async () => {
    const lookup = (allowLoopback: boolean) =>
      new Promise<string>((resolve, reject) =>
        guardedLookup({ allowLoopback })('localhost', { family: 4 }, (err, address) =>
          err ? reject(err) : resolve(address as string),
        ),
      );
    await expect(lookup(false)).rejects.toThrow(/loopback/);
    await expect(lookup(true)).resolves.toBe('127.0.0.1');
  });
});

describe('the webhook signature', () => {
  it('signs t.body with HMAC-SHA256 and verifies only the same body, secret and a recent time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const header = webhookSignature(secret, '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, '{"a":1}', header, 1_700_000_010)).toBe(true);
    expect(verifyWebhookSignature(secret, '{"a":2}', header, 1_700_000_010)).toBe(false);
    expect(verifyWebhookSignature(newWebhookSecret(), '{"a":1}', header, 1_700_000_010)).toBe(false);
    expect(verifyWebhookSignature(secret, '{"a":1}', header, 1_700_001_000)).toBe(false);
  });
});
