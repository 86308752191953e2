export { createPricePoller, POLLER_LOCK_KEY, type PricePoller, type PricePollerOptions } from './poller.ts';
export { createLeaderElection, type LeaderElection, type LeaderElectionOptions } from './leader.ts';
export { changedQuotes, quoteChanged, sameSourceState, sameTicker } from './changes.ts';
export { HISTORY_BUCKET_MS, historyBucket } from './history.ts';
export { COINGECKO_QUOTA_WINDOW_MS, wantedSpans } from './market-backfill.ts';
