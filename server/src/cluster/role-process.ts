/**
 * Starts one Coinpace role as a process of its own and stops it by PID (`npm run cluster` and
 * the fault suite both use it): the process is the node process itself running the built server
 * (`server/dist/main.js`, as `npm run serve` runs it; `npm run build` or `tsx server/build.ts` makes it),
 * so signals reach it directly. Its output is read line by line,
 * handed to a callback with the role's name, and the last lines kept for a failure report. Every wait
 * is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `server/dist/main.js` is built). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The command `npm run serve` runs, without npm in between. */
export const SERVE_COMMAND = [process.execPath, 'server/dist/main.js'];

export interface RoleProcessOptions {
  /** Names the process in log lines and reports, e.g. `gateway-2`. */
  name: string;
  /** The port it listens on (given to it as PORT). */
  port: number;
  /** Its environment (ROLE, DATABASE_URL, ...), on top of PATH and HOME from this process. */
  env: Record<string, string | undefined>;
  /** Every line it prints, as it prints it. Default: none. */
  onLine?: (name: string, line: string) => void;
  /** Default {@link SERVE_COMMAND}. */
  command?: string[];
  /** Default {@link REPO_ROOT}. */
  cwd?: string;
  /** Lines kept for `recentLines()`. Default 200. */
  keepLines?: number;
  /**
   * In a process group of its own, so a Ctrl-C at the terminal reaches only the launcher, which then
   * stops each process itself. Default false.
   */
  detached?: boolean;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RoleProcess {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  /** `http://127.0.0.1:port`. */
  readonly url: string;
  /** Settles when the process has exited. */
  readonly exited: Promise<ExitStatus>;
  isRunning(): boolean;
  /**
   * Resolves with the ms it took once `GET /readyz` answers 200; rejects when the process exits first
   * or `timeoutMs` passes.
   */
  waitReady(timeoutMs?: number): Promise<number>;
  /**
   * Sends `signal` to the process (by its PID) and waits for it to exit, at most `timeoutMs`
   * (default 15,000); after that it is killed with SIGKILL. Resolves with how it exited and how long
   * that took.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL', timeoutMs?: number): Promise<ExitStatus & { ms: number }>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the process. */
  pause(): void;
  resume(): void;
  /** The last lines it printed. */
  recentLines(): string[];
}

/** Starts the process; it is running (not yet ready) when this returns. */
export function startRoleProcess(options: RoleProcessOptions): RoleProcess {
  const [command, ...args] = options.command ?? SERVE_COMMAND;
  const keep = options.keepLines ?? 200;
  const lines: string[] = [];
  const child: ChildProcess = spawn(command!, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  if (child.pid === undefined) throw new Error(`could not start ${options.name}`);
  const pid = child.pid;
  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });

  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > keep) lines.shift();
        options.onLine?.(options.name, line);
      }
    });
  }

  // 'close' comes after 'exit' once stdout and stderr have ended, so the last lines are in by then.
  const streamsDrained = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });

  const url = `http://127.0.0.1:${options.port}`;
  const isRunning = () => status === undefined;

  return {
    name: options.name,
    pid,
    port: options.port,
    url,
    exited,
    isRunning,
    async waitReady(timeoutMs = 60_000) {
      const started = Date.now();
      const deadline = started + timeoutMs;
      while (Date.now() < deadline) {
        if (!isRunning()) {
          // What it printed last says why (a port taken, a database refused, a bad setting).
          await Promise.race([streamsDrained, sleep(2_000)]);
          const tail = lines
            .slice(-10)
            .map((line) => `\n  ${options.name}| ${line}`)
            .join('');
          throw new Error(`${options.name} exited before it was ready (${describe(status)})${tail}`);
        }
        if (await isReady(url)) return Date.now() - started;
        await sleep(100);
      }
      throw new Error(`${options.name} not ready within ${timeoutMs} ms`);
    },
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      const started = Date.now();
      if (isRunning()) signalPid(pid, signal);
      const timer = setTimeout(() => isRunning() && signalPid(pid, 'SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, ms: Date.now() - started };
    },
    pause: () => signalPid(pid, 'SIGSTOP'),
    resume: () => signalPid(pid, 'SIGCONT'),
    recentLines: () => [...lines],
  };
}

/** True when `GET url/readyz` answers 200 within a second. */
export async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function describe(status: ExitStatus | undefined): string {
  if (!status) return 'running';
  return status.signal ? `signal ${status.signal}` : `code ${status.code}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
