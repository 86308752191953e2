import { describe, expect, it } from 'vitest';
import { verifiedAtOf, type SessionClaims } from './verify-jwt.ts';

const claims = (extra: Partial<SessionClaims>): SessionClaims => ({ sub: 'user_1', exp: 2_000, ...extra });

describe('verifiedAtOf: when the user last proved who they are', () => {
  it.each([
    ['first factor 3 minutes before issue', { iat: 1_000, fva: [3, -1] as [number, number] }, 820],
    ['second factor weighs where there is one', { iat: 1_000, fva: [0, 30] as [number, number] }, -800],
    ['only a second factor', { iat: 1_000, fva: [-1, 2] as [number, number] }, 880],
    ['never verified', { iat: 1_000, fva: [-1, -1] as [number, number] }, undefined],
    ['auth_time without fva', { iat: 1_000, auth_time: 400 }, 400],
    ['fva wins over auth_time', { iat: 1_000, fva: [1, -1] as [number, number], auth_time: 400 }, 940],
    ['neither: iat alone says nothing (Clerk re-mints every minute)', { iat: 1_000 }, undefined],
  ])('%s', (_name, extra, expected) => {
    expect(verifiedAtOf(claims(extra))).toBe(expected);
  });
});
