import { AppError } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { isUuid, pathUuid } from './path-id.ts';

describe('path ids', () => {
  it.each([
    ['0b0e6f5e-2c1a-4c3e-9a57-5d1f2b3c4d5e', true],
    ['0B0E6F5E-2C1A-4C3E-9A57-5D1F2B3C4D5E', true],
    ['0b0e6f5e2c1a4c3e9a575d1f2b3c4d5e', false],
    ['0b0e6f5e-2c1a-4c3e-9a57-5d1f2b3c4d5e ', false],
    ['bitcoin', false],
    ['', false],
  ])('%j is an id: %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });

  it('lower-cases an id and answers anything else with the resource’s not-found message', () => {
    expect(pathUuid('0B0E6F5E-2C1A-4C3E-9A57-5D1F2B3C4D5E', 'Import not found.')).toBe(
      '0b0e6f5e-2c1a-4c3e-9a57-5d1f2b3c4d5e',
    );
    for (const id of [undefined, '', '../etc', '1']) {
      let thrown: unknown;
      try {
        pathUuid(id, 'Import not found.');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ code: 'NOT_FOUND', message: 'Import not found.' });
    }
  });
});
