/** Test helpers for other packages' tests (`@coinpace/adapters/testing`); never imported by production code. */
export * from './prices/testing/fake-coingecko.ts';
export * from './payments/testing/fake-stripe.ts';
