import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'db', root: './db', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: { name: 'adapters', root: './adapters', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      { test: { name: 'api', root: './api', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: { name: 'realtime', root: './realtime', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
    ],
  },
});
