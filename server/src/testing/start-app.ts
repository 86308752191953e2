/** Test support: starts the real app (`server/src/main.ts`) as a child process on a free port (browser and role tests). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningApp {
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Run the output of `npm run build` (`server/dist/main.js`) with plain node instead of the sources under tsx. */
  built?: boolean;
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
