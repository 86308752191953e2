/**
 * Test support: a local anvil chain, the binary spawned directly (the npm wrapper costs a second process
 * and some 250 ms), on a free port. Not used by production code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Anvil {
  url: string;
  /** The anvil process's id. */
  pid: number;
  stop(): Promise<void>;
}

/** The anvil binary the optional dependency @foundry-rs/anvil-linux-amd64 ships. */
function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

/** `chainId`: the id the node answers with (default anvil's 31337), e.g. 8453 to stand in for Base. */
export function startAnvil(options: { chainId?: number } = {}): Promise<Anvil> {
  const chainArgs = options.chainId === undefined ? [] : ['--chain-id', String(options.chainId)];
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      anvilBinary(),
      ['--host', '127.0.0.1', '--port', '0', '--accounts', '3', ...chainArgs],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`anvil did not start: ${out}`));
    }, 15_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
