import { defineConfig } from 'vitest/config';

// Browser journeys: run by `npm run test:e2e` after the web app is built; not part of `npm test`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { CLERK_TELEMETRY_DISABLED: '1' },
  },
});
