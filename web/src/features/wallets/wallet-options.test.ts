import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../lib/contrast.ts';
import { WALLET_OPTIONS } from './wallet-options.ts';

describe('wallet marks', () => {
  // The initials are white (wallets.css, .wallet-mark): text, so WCAG AA's 4.5:1 applies.
  it.each(WALLET_OPTIONS.map((o) => [o.name, o.color] as const))(
    '%s: white initials on %s meet 4.5:1',
    (_name, color) => {
      expect(contrastRatio('#ffffff', color)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
