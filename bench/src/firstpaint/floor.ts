/**
 * Builds the stack's smallest page (floor/main.ts: React, React DOM and the router rendering a heading)
 * with the web app's Vite, production mode, and gives its JavaScript gzipped at level 9, as the landing's
 * scripts are counted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Gzipped KB of the floor page's JavaScript and the number of its scripts. */
export function buildFloor(root: string): { jsGzipKb: number; scripts: number } {
  const outDir = mkdtempSync(path.join(tmpdir(), 'coinpace-floor-'));
  try {
    const vite = path.join(root, 'web/node_modules/.bin/vite');
    const built = spawnSync(
      vite,
      ['build', path.join(HERE, 'floor'), '--outDir', outDir, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (built.status !== 0) throw new Error('building the floor page failed');
    const assets = path.join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    const bytes = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length,
      0,
    );
    return { jsGzipKb: Math.round(bytes / 102.4) / 10, scripts: scripts.length };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
