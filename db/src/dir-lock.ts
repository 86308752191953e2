import { open, readFile, unlink } from 'node:fs/promises';

/**
 * Takes an exclusive lock file for the embedded database: PGlite's files may be opened by one
 * process only. A lock left by a process that is gone is taken over.
 * @returns a function that releases the lock.
 */
export async function acquireDirLock(lockPath: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await unlink(lockPath).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (holder && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${lockPath.replace(/pglite\.lock$/, '')} is in use by process ${holder}. ` +
            'PGlite serves one process; set DATABASE_URL to run several.',
          { cause: error },
        );
      }
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
