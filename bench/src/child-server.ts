/** The built server as a child process of a benchmark: where it is, waiting for it, stopping it. */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What `npm run build` makes and `npm run serve` runs. */
export const BUILT = path.join(ROOT, 'server/dist/main.js');

/** Exits with a message when the server is not built: `bench` names the benchmark in it. */
export function requireBuilt(bench: string): void {
  if (!existsSync(BUILT)) {
    console.error(`${bench} runs the built server: run \`npm run build\` first`);
    process.exit(1);
  }
}

/** Resolves once `url/readyz` answers 2xx; throws with the server's output when it exits or 60 s pass. */
export async function waitReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output.join('')}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 60_000) throw new Error(`server not ready:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM, then SIGKILL when it has not exited within 15 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
