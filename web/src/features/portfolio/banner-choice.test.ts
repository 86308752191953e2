import { PORTFOLIO_TEXTS, portfolioError } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { chooseBanner, type BannerInputs } from './banner-choice.ts';

const NETWORK = 'Network error: could not reach Coinpace. Check your connection.';
const input = (changes: Partial<BannerInputs> = {}): BannerInputs => ({
  portfolioError: null,
  refreshError: null,
  limited: false,
  hasData: true,
  connection: 'live',
  ...changes,
});

describe('the portfolio banner', () => {
  it('shows one banner when a lost server made every request fail, and none while data is on screen', () => {
    const everything = {
      portfolioError: portfolioError.load(NETWORK),
      refreshError: PORTFOLIO_TEXTS.refreshFailed,
      limited: true,
    };
    expect(chooseBanner(input({ ...everything, connection: 'unreachable' }))).toBeNull();
    expect(chooseBanner(input({ ...everything, connection: 'offline' }))).toBeNull();
    expect(chooseBanner(input({ ...everything, connection: 'reconnecting' }))).toBeNull();
    // Nothing on screen: the load failure is the one thing to say.
    expect(chooseBanner(input({ ...everything, hasData: false, connection: 'offline' }))).toEqual({
      kind: 'portfolio',
      text: portfolioError.load(NETWORK),
    });
  });

  it("never says 'Failed to load portfolio data' while holdings are on screen", () => {
    expect(chooseBanner(input({ portfolioError: portfolioError.load('Database unavailable') }))).toBeNull();
    expect(
      chooseBanner(input({ portfolioError: portfolioError.load('Database unavailable'), refreshError: 'x' })),
    ).toEqual({ kind: 'refresh', text: 'x' });
  });

  it("puts the user's failed action first, then the rate-limit lock, then a failed refresh", () => {
    const saveFailed = portfolioError.saveChanges('Disk full');
    expect(
      chooseBanner(
        input({ portfolioError: saveFailed, limited: true, refreshError: PORTFOLIO_TEXTS.refreshFailed }),
      ),
    ).toEqual({ kind: 'portfolio', text: saveFailed });
    expect(chooseBanner(input({ limited: true, refreshError: PORTFOLIO_TEXTS.refreshFailed }))).toEqual({
      kind: 'rate-limit',
      refused: false,
    });
    expect(chooseBanner(input({ limited: true, refreshError: PORTFOLIO_TEXTS.refreshRateLimited }))).toEqual({
      kind: 'rate-limit',
      refused: true,
    });
    expect(chooseBanner(input({ refreshError: PORTFOLIO_TEXTS.refreshFailed }))).toEqual({
      kind: 'refresh',
      text: PORTFOLIO_TEXTS.refreshFailed,
    });
    expect(chooseBanner(input())).toBeNull();
  });
});
