import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_SETTINGS, parseConfig } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('process start-up', () => {
  it('stops on a bad setting with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PRICE_POLL_MS: 'often' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PRICE_POLL_MS: expected a whole number from 250 to 3600000 (got "often")',
    );
  });

  it('.env.example lists every setting and parses as it is', () => {
    const text = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(CONFIG_SETTINGS.length).toBeGreaterThan(25);
    expect(Object.keys(env).sort()).toEqual([...CONFIG_SETTINGS].sort());
    expect(parseConfig(env).identity.mode).toBe('local');
  });

  it("the operations guide's configuration table names every setting, and its routing covers /socket.io and /api", () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    const section = (title: string) => {
      const start = readme.indexOf(`## ${title}`);
      expect(start, title).toBeGreaterThanOrEqual(0);
      return readme.slice(start, readme.indexOf('\n## ', start + 1));
    };
    const table = section('Configuration')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!);
    const named = table.flatMap((cell) => [...cell.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]));
    expect(named.sort()).toEqual([...CONFIG_SETTINGS].sort());
    const production = section('Deployment');
    expect(production).toMatch(/`\/socket\.io\/` \| `ROLE=gateway`/);
    expect(production).toMatch(/`\/api\/`.*\| `ROLE=api`/);
  });
});
