import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Clerk's SDK prints a telemetry notice otherwise; tests never reach Clerk.
const env = { CLERK_TELEMETRY_DISABLED: '1' };
// One seed for every fast-check property (domain/src/testing/fast-check-seed.ts).
const setupFiles = [fileURLToPath(new URL('./domain/src/testing/fast-check-seed.ts', import.meta.url))];
const server = { env, setupFiles, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        // Property tests walk thousands of generated inputs; on a loaded CI machine that takes seconds.
        // A hang guard only, as in the other projects.
        test: {
          name: 'domain',
          root: './domain',
          include: ['src/**/*.test.ts'],
          env,
          setupFiles,
          testTimeout: 30_000,
        },
      },
      { test: { name: 'db', root: './db', include: ['src/**/*.test.ts'], ...server } },
      { test: { name: 'adapters', root: './adapters', include: ['src/**/*.test.ts'], ...server } },
      { test: { name: 'api', root: './api', include: ['src/**/*.test.ts'], ...server } },
      { test: { name: 'realtime', root: './realtime', include: ['src/**/*.test.ts'], ...server } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          ...server,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          env,
          // Rendering a thousand rows under a loaded CI machine can take seconds; this is a hang guard only.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
