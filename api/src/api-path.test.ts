import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-path.ts';

describe('isApiPath', () => {
  it.each([
    ['/api', true],
    ['/api/', true],
    ['/api/prices', true],
    ['/API/Prices', true],
    ['/%61pi/prices', true],
    ['/api%2Fprices', true],
    ['//api//prices', true],
    ['/Api', true],
    ['/apix', false],
    ['/ap', false],
    ['/', false],
    ['/healthz', false],
    ['/assets/api/x.js', false],
    ['/%E0%A4%A', false],
  ])('%j: %s', (path, api) => {
    expect(isApiPath(path)).toBe(api);
  });
});
