/** Test support: starts the real app (`server/src/main.ts`) as a child process on a free port (browser and role tests). */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migratedPgliteFiles } from '@coinpace/db/testing';
import { signUpLinkCode } from '@coinpace/domain';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningApp {
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Run the output of `npm run build` (`server/dist/main.js`) with plain node instead of the sources under tsx. */
  built?: boolean;
  /**
   * Without DATABASE_URL in `env`: start the embedded database from a copy the migrations already ran on
   * (`migratedPgliteFiles`), not an empty directory. The app's migration step still runs and finds
   * nothing to apply; on a busy machine that saves some 15 s of each start. Tests of a first start
   * leave it off.
   */
  migrated?: boolean;
}

/**
 * Runs the app with a fresh DATA_DIR (embedded PGlite and local identity unless `env` says
 * otherwise) and resolves once it logs its address.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-e2e-'));
  if (options.migrated && !env.DATABASE_URL) {
    // The directory connect() opens PGlite in (db/src/connect.ts).
    const pgliteDir = path.join(dataDir, 'pglite');
    await mkdir(pgliteDir);
    await promisify(execFile)('tar', ['-xf', await migratedPgliteFiles(), '-C', pgliteDir]);
  }
  const args = options.built ? ['server/dist/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      CLERK_TELEMETRY_DISABLED: '1',
      // No test reaches the internet: the CoinGecko path is tested against a fake on loopback.
      PRICE_SOURCE: 'simulated',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${logs.join('\n')}`)), 60_000);
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(line);
        const port = /"port":(\d+),"url"/.exec(line)?.[1];
        if (port) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      }
    };
    child.stdout?.on('data', onLine);
    child.stderr?.on('data', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session a confirmed sign-up gets: the bearer token and the new account. */
export interface SignedUp {
  token: string;
  user: { id: string; email: string | null; firstName: string | null };
}

/**
 * Signs up through `app`'s API, reads the link its log mailer printed (no SMTP_URL), and opens it, as a
 * person does from their inbox; returns the new account's session. Waits up to 15 s for the e-mail.
 */
export async function signUpThroughLink(
  app: Pick<RunningApp, 'url' | 'logs'>,
  body: { email: string; password: string; firstName?: string },
): Promise<SignedUp> {
  const asked = await fetch(`${app.url}/api/auth/local/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (asked.status !== 202) throw new Error(`sign-up: ${asked.status} ${await asked.text()}`);
  const code = await signUpCodeInLogs(app, body.email);
  const confirmed = await fetch(`${app.url}/api/auth/local/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (confirmed.status !== 201)
    throw new Error(`confirm-email: ${confirmed.status} ${await confirmed.text()}`);
  return (await confirmed.json()) as SignedUp;
}

/** Waits (up to 15 s) for the log mailer to print a sign-up link to `email`, and returns its token. */
export async function signUpCodeInLogs(
  app: { readonly logs: readonly string[] },
  email: string,
): Promise<string> {
  const to = JSON.stringify(email.toLowerCase());
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (let i = app.logs.length - 1; i >= 0; i -= 1) {
      const line = app.logs[i]!;
      const code = line.includes(`"to":${to}`) ? signUpLinkCode(line) : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no sign-up link e-mailed to ${email} in the app's log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
