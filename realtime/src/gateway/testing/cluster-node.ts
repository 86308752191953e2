/**
 * Test support: starts `gateway-process.ts` as a child process and talks to it over IPC, so a test can
 * run gateway nodes that share Redis the way production processes do, and kill them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GatewayRequest } from './gateway-process.ts';
import { testKeyPem } from './key.ts';

const NODE_SCRIPT = fileURLToPath(new URL('./gateway-process.ts', import.meta.url));

/** A gateway node in a child process. */
export interface ClusterNode {
  url: string;
  child: ChildProcess;
  /** Sends a command; resolves with its result, or rejects after `timeoutMs` (default 5,000) without one. */
  send(command: GatewayRequest, timeoutMs?: number): Promise<unknown>;
}

/** Forks a gateway node with `env` added to this process's environment; resolves once it listens. */
export function startClusterNode(env: Record<string, string | undefined>): Promise<ClusterNode> {
  const child = fork(NODE_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOCAL_KEY_PEM: testKeyPem(), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway process exited with ${code}`)));
    child.on('message', (message: { ready?: boolean; url?: string; id?: number; result?: unknown }) => {
      if (message.ready) {
        resolve({
          url: message.url!,
          child,
          send: (command, timeoutMs = 5_000) =>
            new Promise((done, fail) => {
              const id = ++nextId;
              const timer = setTimeout(() => {
                pending.delete(id);
                fail(new Error(`gateway process did not answer '${command.cmd}' within ${timeoutMs} ms`));
              }, timeoutMs);
              pending.set(id, (result) => {
                clearTimeout(timer);
                done(result);
              });
              child.send({ ...command, id });
            }),
        });
      } else if (message.id !== undefined) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
  });
}
