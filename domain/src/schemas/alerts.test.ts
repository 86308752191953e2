import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../alerts/messages.ts';
import { DISPLAY_CURRENCIES } from '../format/currency.ts';
import {
  ZAlertStatusBody,
  ZCreateAlert,
  ZAlertHistoryQuery,
  ZProtectPortfolio,
  ZResetIntervalBody,
  ZUpdateAlert,
} from './alerts.ts';

const coinAlert = {
  type: 'WatchlistPrice',
  coinId: 'bitcoin',
  thresholdType: 'Above',
  thresholdValue: '50,000',
  notificationMethod: 'Email',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('ZCreateAlert (SPEC.md section 5)', () => {
  it('normalises a single-coin alert, strips commas and defaults the reset interval', () => {
    expect(ZCreateAlert.parse(coinAlert)).toMatchObject({ thresholdValue: '50000', resetInterval: '1week' });
  });

  it.each([
    [{ ...coinAlert, notificationMethod: undefined }, ALERT_MESSAGES.selectMethod],
    [{ ...coinAlert, notificationMethod: 'Pigeon' }, ALERT_MESSAGES.selectMethod],
    [{ ...coinAlert, thresholdValue: undefined }, ALERT_MESSAGES.valueRequired],
    [{ ...coinAlert, thresholdValue: '' }, ALERT_MESSAGES.valueRequired],
    [{ ...coinAlert, thresholdValue: 0 }, 'Alert value must be greater than 0'],
    [{ ...coinAlert, thresholdValue: -5 }, 'Alert value must not be negative'],
    [{ ...coinAlert, coinId: undefined }, ALERT_MESSAGES.missingCoinId],
    [{ ...coinAlert, type: 'PortfolioGainLoss', coinId: undefined }, ALERT_MESSAGES.targetRequired],
    [{ ...coinAlert, coinId: undefined, coinIds: ['bitcoin', 'ethereum'] }, ALERT_MESSAGES.percentOnly],
    [
      { ...coinAlert, type: 'PortfolioGainLoss', coinId: undefined, wholePortfolio: true },
      ALERT_MESSAGES.percentOnly,
    ],
    [
      {
        ...coinAlert,
        type: 'PortfolioGainLoss',
        thresholdType: 'Gain',
        coinId: undefined,
        wholePortfolio: true,
        allCoins: true,
      },
      ALERT_MESSAGES.portfolioOrAll,
    ],
    [{ ...coinAlert, thresholdType: 'Loss', thresholdValue: 100 }, ALERT_MESSAGES.lossBelowHundred],
    [
      { ...coinAlert, thresholdType: 'Gain', thresholdValue: 100_001 },
      'A gain alert may ask for at most 100,000%.',
    ],
    [{ ...coinAlert, currency: 'usd', thresholdValue: 10_000_001 }, 'Alert value must be at most 10,000,000'],
    [
      { ...coinAlert, currency: 'eur', thresholdValue: 100_000_001 },
      'Alert value must be at most 100,000,000',
    ],
    [
      { ...coinAlert, currency: 'jpy', thresholdValue: 10_000_000_001 },
      'Alert value must be at most 10,000,000,000',
    ],
    [{ ...coinAlert, currency: 'xau' }, `currency must be one of ${DISPLAY_CURRENCIES.join(', ')}`],
    [{ ...coinAlert, extra: 1 }, 'Unrecognized key: "extra"'],
  ])('refuses %o: %s', (input, message) => {
    expect(firstMessage(ZCreateAlert.safeParse(input))).toBe(message);
  });

  it('accepts multi-coin, all-coins and whole-portfolio percentage alerts', () => {
    const pct = {
      ...coinAlert,
      type: 'PortfolioGainLoss',
      coinId: undefined,
      thresholdType: 'Loss',
      thresholdValue: 10,
    };
    expect(ZCreateAlert.safeParse({ ...pct, coinIds: ['bitcoin', 'ethereum'] }).success).toBe(true);
    expect(ZCreateAlert.safeParse({ ...pct, allCoins: true }).success).toBe(true);
    expect(ZCreateAlert.safeParse({ ...pct, wholePortfolio: true }).success).toBe(true);
    expect(ZCreateAlert.safeParse({ ...coinAlert, userId: 'someone-else' }).success).toBe(true);
  });

  it('takes a price in the currency the alert is set in, up to the cap of that currency', () => {
    const yen = ZCreateAlert.safeParse({ ...coinAlert, currency: 'jpy', thresholdValue: '15,000,000' });
    expect(yen.success && yen.data).toMatchObject({ currency: 'jpy', thresholdValue: '15000000' });
    // Without a currency the server checks the cap with the user's display currency.
    expect(
      ZCreateAlert.safeParse({ ...coinAlert, thresholdValue: 15_000_000 }).data?.currency,
    ).toBeUndefined();
  });
});

describe('the other alert payloads', () => {
  it('status, reset interval, update', () => {
    expect(ZAlertStatusBody.safeParse({ status: 'Paused' }).success).toBe(true);
    expect(firstMessage(ZAlertStatusBody.safeParse({ status: 'Off' }))).toBe(
      'Status must be Active or Paused',
    );
    expect(ZResetIntervalBody.safeParse({ resetInterval: '3days' }).success).toBe(true);
    expect(firstMessage(ZResetIntervalBody.safeParse({ resetInterval: '2days' }))).toBe(
      'Reset interval must be one of 1hour, 5hours, 1day, 3days, 1week',
    );
    expect(firstMessage(ZUpdateAlert.safeParse({}))).toBe('Nothing to update');
    expect(ZUpdateAlert.parse({ thresholdValue: '1,234.5' })).toEqual({ thresholdValue: '1234.5' });
  });

  it('protect-portfolio needs a loss below 100%', () => {
    expect(ZProtectPortfolio.parse({ lossPercent: 15, notificationMethod: 'Both' })).toEqual({
      lossPercent: '15',
      notificationMethod: 'Both',
      resetInterval: '1week',
    });
    expect(firstMessage(ZProtectPortfolio.safeParse({ lossPercent: 100, notificationMethod: 'Both' }))).toBe(
      ALERT_MESSAGES.lossBelowHundred,
    );
  });

  it('history query bounds', () => {
    expect(ZAlertHistoryQuery.parse({})).toEqual({ limit: 50 });
    expect(ZAlertHistoryQuery.parse({ limit: '10', before: '2026-01-01T00:00:00Z' })).toEqual({
      limit: 10,
      before: '2026-01-01T00:00:00Z',
    });
    expect(firstMessage(ZAlertHistoryQuery.safeParse({ limit: '0' }))).toBe('limit must be at least 1');
    expect(firstMessage(ZAlertHistoryQuery.safeParse({ before: 'yesterday' }))).toBe(
      'before must be an ISO date-time',
    );
  });
});
