/**
 * The Dockerfile, read as text since no Docker engine is here: a build stage that runs
 * `npm run build`, production packages only in the runtime, a non-root user, and node itself as PID 1
 * running the bundle (no npm or loader in between, so SIGTERM reaches the server's shutdown).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Stages of a Dockerfile: instructions with line continuations joined and comments dropped. */
function readStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const [from = '', , name = `stage${stages.length}`] = rest;
      stages.push({ name, from, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

const stages = readStages(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
const runtime = stages.at(-1)!;
const all = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);
/** A stage and the stages it is built FROM, nearest first. */
const lineage = (stage: Stage): Stage[] => {
  const parent = stages.find((s) => s.name === stage.from);
  return parent ? [stage, ...lineage(parent)] : [stage];
};

describe('Dockerfile', () => {
  it('builds in one stage and installs only production packages for the runtime', () => {
    const build = stages.find((s) => all(s, 'RUN').some((run) => run.includes('npm run build')));
    expect(build, 'a stage runs npm run build').toBeDefined();
    expect(
      lineage(build!)
        .flatMap((s) => all(s, 'RUN'))
        .join('\n'),
    ).toMatch(/npm ci\b/);
    const copies = all(runtime, 'COPY');
    const packages = copies.find((c) => /^--from=\S+ \/app\/node_modules /.test(c));
    expect(packages, 'the runtime copies node_modules from a stage').toBeDefined();
    const source = stages.find((s) => s.name === /--from=(\S+)/.exec(packages!)![1])!;
    expect(all(source, 'RUN').join('\n')).toMatch(/npm ci --omit=dev/);
  });

  it('copies every workspace manifest before installing, so npm ci matches the lock file', () => {
    const workspaces = (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    const copied = stages.flatMap((s) => all(s, 'COPY')).join('\n');
    for (const workspace of workspaces)
      expect(copied, workspace).toContain(`${workspace}/package.json ${workspace}/`);
  });

  it('gives the runtime the bundle, the migrations and the web app at the paths the bundle resolves', () => {
    const copies = all(runtime, 'COPY');
    for (const wanted of ['server/dist', 'server/package.json', 'db/drizzle', 'web/dist']) {
      expect(
        copies.some((c) => c.startsWith('--from=') && c.includes(`/app/${wanted} ./${wanted}`)),
        wanted,
      ).toBe(true);
    }
    expect(existsSync(path.join(ROOT, 'db/drizzle/meta/_journal.json'))).toBe(true);
    // The bundle is an ES module because server/package.json says so.
    expect(JSON.parse(readFileSync(path.join(ROOT, 'server/package.json'), 'utf8')).type).toBe('module');
  });

  it('runs as a non-root user, with node as PID 1 running the bundle', () => {
    const user = all(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(all(runtime, 'ENTRYPOINT')).toEqual([]);
    const cmd = all(runtime, 'CMD').at(-1)!;
    // Exec form: a shell form would make /bin/sh PID 1, and it does not pass SIGTERM on.
    const argv = JSON.parse(cmd) as string[];
    expect(argv[0]).toBe('node');
    expect(argv.at(-1)).toBe('server/dist/main.js');
    expect(argv.join(' ')).not.toMatch(/\b(npm|npx|tsx)\b/);
    expect(all(runtime, 'ENV').join(' ')).toMatch(/NODE_ENV=production/);
  });

  it('applies the patches in patches/ before installing and ships each patched package', () => {
    const patched = readdirSync(path.join(ROOT, 'patches'))
      .filter((file) => file.endsWith('.patch'))
      .map((file) => file.slice(0, file.lastIndexOf('+')).replace(/\+/g, '/'));
    expect(patched.length).toBeGreaterThan(0);
    const install = stages.find((s) => all(s, 'RUN').some((run) => /npm ci --no-audit/.test(run)))!;
    const before = lineage(install).flatMap((s) => all(s, 'COPY'));
    expect(before, 'patches/ is in place when npm ci runs postinstall').toContain('patches/ patches/');
    const copies = all(runtime, 'COPY');
    for (const name of patched)
      expect(copies, name).toContain(`--from=build /app/node_modules/${name} ./node_modules/${name}`);
    // The runtime's packages come from an install that skips scripts: only the copies above are patched.
    expect(
      all(
        stages.find((s) => s.name === 'production-packages')!,
        'RUN',
      ).join('\n'),
    ).toMatch(/--ignore-scripts/);
  });

  it('keeps local files out of the build context', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env', '.data'])
      expect(ignored).toContain(pattern);
  });
});
