/** Test support for the alerts feature: server alerts with defaults. Not used by production code. */
import type { AlertView } from '@coinpace/domain';

/** A watch-list Above alert on BTC, with `over` applied. */
export function alertView(over: Partial<AlertView> = {}): AlertView {
  return {
    _id: 'a1',
    id: 'a1',
    type: 'WatchlistPrice',
    scope: 'coin',
    coinId: { id: 'bitcoin', name: 'Bitcoin', shortname: 'BTC', image: null, currentPrice: 40000 },
    coinSymbol: 'BTC',
    portfolioItemId: null,
    thresholdType: 'Above',
    thresholdValue: 50000,
    notificationMethod: 'Both',
    status: 'Active',
    pausedBy: null,
    lastTriggered: null,
    resetInterval: '1week',
    direction: 'above',
    triggerPrice: 50000,
    referenceValue: null,
    currentPrice: 40000,
    distancePercent: 25,
    lifecycle: { state: 'ready', cooldownUntil: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
