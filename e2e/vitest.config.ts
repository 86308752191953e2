import { defineConfig } from 'vitest/config';

// Browser journeys: run by `npm run test:e2e` after the web app is built; not part of `npm test`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time: a journey spends most of its time waiting on the page or the server, so a
    // second one uses the idle core.
    maxWorkers: 2,
    env: { CLERK_TELEMETRY_DISABLED: '1' },
  },
});
