import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN_TTL_S, createLocalIdentity, type LocalIdentity } from './local.ts';
import { TokenRejectedError, type IdentityVerifier } from './port.ts';
import { cacheVerifiedTokens } from './verified-cache.ts';

describe('cacheVerifiedTokens', () => {
  let dir: string;
  let local: LocalIdentity;
  let checks: string[];
  let counting: IdentityVerifier;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'coinpace-verified-cache-'));
    local = await createLocalIdentity({ dataDir: dir });
    // The real local verifier, with each signature check it makes written down.
    counting = {
      mode: 'local',
      verify: (token) => {
        checks.push(token);
        return local.verify(token);
      },
    };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('checks a token once while it is valid, and again once it has expired', async () => {
    checks = [];
    let now = Date.now();
    const verifier = cacheVerifiedTokens(counting, { now: () => now });
    const token = local.issueToken('local_abc');
    const first = await verifier.verify(token);
    expect(await verifier.verify(token)).toEqual(first);
    expect(first.subject).toBe('local_abc');
    expect(checks).toHaveLength(1);

    now += (LOCAL_TOKEN_TTL_S + 1) * 1000;
    await verifier.verify(token).catch(() => {});
    expect(checks).toHaveLength(2);
  });

  it('does not remember a rejected token', async () => {
    checks = [];
    const verifier = cacheVerifiedTokens(counting);
    const token = local.issueToken('local_abc');
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.AAAA`;
    await expect(verifier.verify(forged)).rejects.toBeInstanceOf(TokenRejectedError);
    await expect(verifier.verify(forged)).rejects.toBeInstanceOf(TokenRejectedError);
    expect(checks).toHaveLength(2);
  });

  it('keeps at most `max` tokens, dropping the oldest', async () => {
    checks = [];
    const verifier = cacheVerifiedTokens(counting, { max: 2 });
    const [a, b, c] = ['local_a', 'local_b', 'local_c'].map((subject) => local.issueToken(subject));
    for (const token of [a!, b!, c!, c!, b!]) await verifier.verify(token);
    expect(checks).toEqual([a, b, c]);
    await verifier.verify(a!);
    expect(checks).toEqual([a, b, c, a]);
  });
});
