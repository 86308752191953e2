import type { AlertEventView } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { eventSummary, eventTitle } from './history-text.ts';

const event = (over: Partial<AlertEventView>): AlertEventView => ({
  id: 'e1',
  alertId: 'a1',
  coinSymbol: 'BTC',
  scope: 'coin',
  thresholdType: 'Above',
  thresholdValue: 100000,
  tickId: 't',
  price: 101000,
  triggerPrice: 100000,
  currency: 'usd',
  channels: ['email'],
  outcome: 'delivered',
  detail: null,
  firedAt: '2026-05-01T10:00:00.000Z',
  deliveries: [],
  ...over,
});

describe('alert history entries', () => {
  it.each([
    [{}, 'BTC · Above $100,000.00', 'BTC at $101,000.00: Delivered'],
    // An all-coins alert that fired on BTC and was deleted since: never 'Deleted alert at $97,736.25'.
    [
      { alertId: null, scope: 'all_coins', thresholdType: 'Gain', thresholdValue: 5, price: 97736.25 },
      'All coins · Up 5% (deleted)',
      'BTC at $97,736.25: Delivered',
    ],
    [
      { scope: 'portfolio', coinSymbol: null, thresholdType: 'Loss', thresholdValue: 10, price: 9000 },
      'Whole portfolio · Down 10%',
      'Portfolio worth $9,000.00: Delivered',
    ],
    [
      {
        scope: 'coin',
        coinSymbol: 'ETH',
        thresholdType: 'Below',
        thresholdValue: 2500,
        price: 2490,
        outcome: 'skipped_allowance',
      },
      'ETH · Below $2,500.00',
      'ETH at $2,490.00: Skipped: allowance used up',
    ],
    // An old entry of a deleted alert that kept nothing.
    [
      { alertId: null, scope: null, coinSymbol: null, thresholdType: null, thresholdValue: null },
      'Deleted alert',
      'at $101,000.00: Delivered',
    ],
  ] as const)('%o -> %s / %s', (over, title, summary) => {
    const e = event(over as Partial<AlertEventView>);
    expect(eventTitle(e)).toBe(title);
    expect(eventSummary(e)).toBe(summary);
  });

  it('lists how each channel went', () => {
    const e = event({
      deliveries: [
        { channel: 'email', status: 'sent', attempts: 1, sentAt: null, lastError: null },
        { channel: 'sms', status: 'failed', attempts: 5, sentAt: null, lastError: 'down' },
      ],
    });
    expect(eventSummary(e)).toBe('BTC at $101,000.00: Delivered · E-mail sent, SMS failed');
  });
});
