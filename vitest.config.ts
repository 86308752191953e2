import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Clerk's SDK prints a telemetry notice otherwise; tests never reach Clerk.
const env = { CLERK_TELEMETRY_DISABLED: '1' };
// One seed for every fast-check property (domain/src/testing/fast-check-seed.ts).
const setupFiles = [fileURLToPath(new URL('./domain/src/testing/fast-check-seed.ts', import.meta.url))];
const server = { env, setupFiles, testTimeout: 30_000, hookTimeout: 60_000 };
/**
 * One module graph per worker, not one per file: the packages below keep no state in modules between
 * files (every suite starts its own database, servers and peers), and re-importing the graph for each
 * file cost more than the tests themselves (the domain suite ran four times faster without it, the web
 * suite almost five). The web suites put the app's stores and storage back before each file
 * (web/src/testing/fresh-file.ts).
 */
const shared = { isolate: false };

/**
 * Web suites that need a browser environment nobody has touched: happy-dom binds Storage's methods to an
 * instance on first use, and the storage guard must be installed before that.
 */
const WEB_ISOLATED = ['src/lib/storage-write-guard.test.ts'];

/**
 * Suites that measure time (a sign-in answered within seconds under a flood, poll ticks on time, equal
 * answer times for taken and new e-mails, a role taking over after a kill, a clean stop on SIGTERM) or fill
 * the machine on purpose. They run one at a time after every other file, so other suites' load does not
 * decide them, and their load does not slow the rest.
 */
const SERIAL = [
  'api/src/security/sign-in-flood.int.test.ts',
  'api/src/security/ipv6-rotation.int.test.ts',
  'api/src/features/auth/sign-up.int.test.ts',
  'api/src/features/system/database-outage.int.test.ts',
  'api/src/features/portfolio/import-load.int.test.ts',
  'server/src/import-worker.int.test.ts',
  'realtime/src/poller/poller.int.test.ts',
  'realtime/src/gateway/gateway-redis-faults.int.test.ts',
  'server/src/upstream-quota.int.test.ts',
  'server/src/all-floods.int.test.ts',
  'server/src/built.int.test.ts',
];
/** The serial suites under one package, relative to it, for that package's project to leave out. */
const serialIn = (pkg: string) =>
  SERIAL.filter((file) => file.startsWith(`${pkg}/`)).map((file) => file.slice(pkg.length + 1));
const exclude = (pkg: string) => [...configDefaults.exclude, ...serialIn(pkg)];

export default defineConfig({
  test: {
    // Two files at a time: one file leaves a core idle while it waits on Postgres, Redis and sockets; more
    // than two make the suites that start PGlite (CPU-bound WebAssembly) miss their hang guards.
    maxWorkers: 2,
    projects: [
      {
        // Property tests walk thousands of generated inputs; on a loaded CI machine that takes seconds.
        // A hang guard only, as in the other projects.
        test: {
          name: 'domain',
          root: './domain',
          include: ['src/**/*.test.ts'],
          ...shared,
          env,
          setupFiles,
          testTimeout: 30_000,
        },
      },
      { test: { name: 'db', root: './db', include: ['src/**/*.test.ts'], ...shared, ...server } },
      {
        test: { name: 'adapters', root: './adapters', include: ['src/**/*.test.ts'], ...shared, ...server },
      },
      {
        test: {
          name: 'api',
          root: './api',
          include: ['src/**/*.test.ts'],
          exclude: exclude('api'),
          ...server,
        },
      },
      {
        test: {
          name: 'realtime',
          root: './realtime',
          include: ['src/**/*.test.ts'],
          exclude: exclude('realtime'),
          ...server,
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          exclude: exclude('server'),
          ...server,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
          environment: 'happy-dom',
          ...shared,
          env,
          setupFiles: ['src/testing/fresh-file.ts'],
          // Rendering a thousand rows under a loaded CI machine can take seconds; this is a hang guard only.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web-isolated',
          root: './web',
          include: WEB_ISOLATED,
          environment: 'happy-dom',
          env,
          testTimeout: 30_000,
        },
      },
      {
        // One worker: vitest runs this project's files one by one after all the others.
        test: { name: 'serial', root: '.', include: SERIAL, maxWorkers: 1, ...server, testTimeout: 60_000 },
      },
    ],
  },
});
