/**
 * Test support: reads docker-compose.yml the way `docker compose config` would for what our file uses
 * (YAML merge keys, `${VAR}` interpolation from the project's .env, env_file under environment), so
 * tests can hold each service's environment against the config parser with no Docker engine here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse } from 'yaml';

/** The parts of a compose service the tests read; anything else stays `unknown`. */
export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: unknown;
  env_file?: string | (string | { path: string; required?: boolean })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: (string | { type?: string; source?: string; target: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  restart?: string;
  healthcheck?: { test?: string | string[]; interval?: string; timeout?: string; retries?: number };
  deploy?: { replicas?: number };
  ports?: unknown[];
  [key: string]: unknown;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Compose's interpolation of one string: `$$` is a literal `$`; `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:?message}`, `${NAME?message}` and `$NAME` are looked up in `vars`. A
 * form compose has and this does not know throws, so a test never passes on a value it misread.
 */
export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced: string | undefined, bare: string | undefined) => {
      if (whole === '$$') return '$';
      if (bare !== undefined) return vars[bare] ?? '';
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])(.*))?$/s.exec(braced ?? '');
      if (!match) throw new Error(`compose interpolation not understood: ${whole}`);
      const [, name, colon, operator, argument = ''] = match;
      const value = vars[name!];
      const missing = value === undefined || (colon === ':' && value === '');
      if (!operator) return value ?? '';
      if (operator === '-') return missing ? argument : value!;
      if (missing) throw new Error(`compose would stop: ${name}: ${argument || 'required'}`);
      return value!;
    },
  );
}

/** Applies `interpolate` to every string in a parsed YAML value (keys stay as written, as in compose). */
function interpolateDeep(value: unknown, vars: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, vars)]));
  }
  return value;
}

/** Parses a compose file with merge keys resolved and `${...}` filled from `dotEnv` (the project's .env). */
export function loadCompose(file: string, dotEnv: Record<string, string | undefined>): ComposeFile {
  const raw: unknown = parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: 100 });
  return interpolateDeep(raw, dotEnv) as ComposeFile;
}

/** Reads a .env-format file (compose's env_file and the project's .env). */
export function readEnvFile(file: string): Record<string, string> {
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * The environment a service's process gets: its env_file(s), then `environment` on top (compose's
 * precedence). `envFiles` maps an env_file path as written to the file to read in its place.
 */
export function serviceEnvironment(
  service: ComposeService,
  projectDir: string,
  envFiles: Record<string, string> = {},
): Record<string, string> {
  const files = service.env_file === undefined ? [] : [service.env_file].flat();
  const env: Record<string, string> = {};
  for (const entry of files) {
    const written = typeof entry === 'string' ? entry : entry.path;
    Object.assign(env, readEnvFile(envFiles[written] ?? path.resolve(projectDir, written)));
  }
  const own = service.environment ?? {};
  const pairs = Array.isArray(own)
    ? own.map((item) => [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)] as const)
    : Object.entries(own).map(([key, value]) => [key, value === null ? '' : String(value)] as const);
  for (const [key, value] of pairs) env[key] = value;
  return env;
}
