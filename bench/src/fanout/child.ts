/** The fan-out bench's child processes (servers and client groups), spoken to over IPC. */
import { fork, type ChildProcess } from 'node:child_process';

export interface Child<Reply> {
  process: ChildProcess;
  next<T extends Reply>(type: string): Promise<T>;
}

/** Forks `file` under tsx; `next(type)` resolves with the next reply of that type. */
export function spawnChild<Reply extends { type: string }>(
  file: string,
  args: string[],
  execArgv: string[] = [],
): Child<Reply> {
  const child = fork(file, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Reply[] = [];
  const waiting: { type: string; resolve: (r: Reply) => void }[] = [];
  child.on('message', (message: Reply) => {
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  return {
    process: child,
    next<T extends Reply>(type: string) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0] as T);
      return new Promise<T>((resolve) => waiting.push({ type, resolve: resolve as (r: Reply) => void }));
    },
  };
}

export const send = <C>(child: Child<unknown>, command: C) => child.process.send(command as object);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
