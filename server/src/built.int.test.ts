/**
 * The built server: `server/build.ts` bundles the entry and our workspaces into one file that
 * plain node runs, and that file still finds the SQL migrations and the web app it serves. Also:
 * a container whose command is `npm run serve` stops with SIGTERM sent to npm. npm passes the signal to
 * its child only, so the child must be the node process itself (not a shell or a loader wrapper that dies
 * and leaves node running): node then shuts down gracefully and npm exits 0. One file, because both need
 * the bundle this file's set-up builds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEngines, type Engine } from '@coinpace/db/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughLink, startApp, type RunningApp } from './testing/start-app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT = path.join(ROOT, 'server/dist/main.js');

beforeAll(() => {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
});

describe('the bundle', () => {
  it('carries our workspaces inside and loads only packages and node built-ins', () => {
    const code = readFileSync(BUILT, 'utf8');
    const specifiers = [...code.matchAll(/^import .*? from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(10);
    expect(specifiers.filter((s) => s.startsWith('@coinpace/') || s.startsWith('.'))).toEqual([]);
    expect(code).not.toMatch(/\.ts"\)?;?$/m);
  });
});

/** A database of its own that nothing has migrated yet (postgres), or none (PGlite under a fresh DATA_DIR). */
async function emptyDatabase(
  engine: Engine,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (engine === 'pglite' || !serverUrl) return { env: {}, drop: async () => {} };
  const name = `coinpace_built_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

describe.each(testEngines(process.env.DATABASE_URL))('node server/dist/main.js on %s', (engine) => {
  let app: RunningApp | undefined;
  let database: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
  beforeAll(async () => {
    database = await emptyDatabase(engine);
    app = await startApp({ PRICE_SOURCE: 'simulated', ...database.env }, { built: true });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('applies the migrations to an empty database and serves the API on it', async () => {
    expect((await fetch(`${app!.url}/readyz`)).status).toBe(200);
    // Sign-up e-mails a link (printed by the log mailer here); opening it makes the account.
    const { token } = await signUpThroughLink(app!, {
      email: `built-${engine}@example.test`,
      password: 'correct horse battery',
    });
    const portfolio = await fetch(`${app!.url}/api/portfolio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(portfolio.status).toBe(200);
    expect(await portfolio.json()).toEqual([]);
  });

  it('serves the web app from web/dist, or names that folder when it is not built', async () => {
    const page = await fetch(`${app!.url}/portfolio`);
    if (existsSync(path.join(ROOT, 'web/dist/index.html'))) {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } else {
      expect(app!.logs.join('\n')).toContain(JSON.stringify(path.join(ROOT, 'web/dist')));
    }
  });
});

describe('npm run serve', () => {
  it('passes SIGTERM to the node process, which shuts down gracefully', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-serve-'));
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ROLE: 'worker',
        PORT: '0',
        DATA_DIR: dataDir,
        PRICE_SOURCE: 'simulated',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so a failed run can end everything it started (and nothing else).
      detached: true,
    });
    let output = '';
    npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 45_000;
      while (!output.includes('Coinpace is running')) {
        if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      npm.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 12_000)),
      ]);
      // What the server said, should it end otherwise (a CI run once saw npm end by the signal).
      expect(code, output.slice(-3000)).toBe(0);
      expect(output).toContain('"msg":"shutting down"');
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
