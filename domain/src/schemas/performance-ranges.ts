/** What GET /api/portfolio/performance offers: its ranges and the coins a portfolio can be compared with. */

/** The ranges the performance chart offers; ALL starts at the user's first transaction. */
export const PERFORMANCE_RANGES = ['1D', '1W', '1M', 'YTD', '1Y', 'ALL'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/** The coins a portfolio can be compared with: the same money put into one of them instead. */
export const BENCHMARK_COINS = ['bitcoin', 'ethereum'] as const;
export type BenchmarkCoin = (typeof BENCHMARK_COINS)[number];
