/**
 * Test support other packages' tests import as `@coinpace/api/testing`: the API on a test database and
 * the floods and loads the security and load suites run against it. Never imported by production code.
 */
export * from './harness.ts';
export * from './sign-in-flood.ts';
export * from './trade-imports.ts';
export * from './verification-code.ts';
