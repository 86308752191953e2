/**
 * nginx in front of the local cluster: Debian's package (installed with apt-get when missing), run with
 * the compose file's own config (`deploy/nginx.conf`) whose upstream service names are replaced by local
 * ports, under a prefix, pid file and temp directories of its own, in the foreground.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BODY_LIMITS } from '@coinpace/domain';
import { REPO_ROOT } from './role-process.ts';

/** The config docker-compose.yml mounts into its nginx service. */
export const NGINX_SITE_CONFIG = path.join(REPO_ROOT, 'deploy', 'nginx.conf');

/**
 * The largest request body any API route accepts (the trade-history import's), bytes. nginx in front must
 * let a body this large through, or an import the API takes is refused by nginx with its own 413 page.
 */
export const LARGEST_API_BODY = Math.max(...Object.values(BODY_LIMITS));

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 };

/** Every `client_max_body_size` an nginx config sets, in bytes, in order ('4m' is 4,194,304). */
export function clientMaxBodySizes(config: string): number[] {
  return [...config.matchAll(/^\s*client_max_body_size\s+(\d+)([kKmMgG]?)\s*;/gm)].map(
    ([, amount, unit = '']) => Number(amount) * SIZE_UNITS[unit.toLowerCase()]!,
  );
}

/**
 * Throws unless `config` sets one `client_max_body_size`, equal to {@link LARGEST_API_BODY}: a smaller one
 * refuses imports the API accepts, a larger one lets nginx buffer bodies the API refuses anyway.
 */
export function checkBodyLimit(config: string): void {
  const sizes = clientMaxBodySizes(config);
  if (sizes.length !== 1 || sizes[0] !== LARGEST_API_BODY) {
    throw new Error(
      `deploy/nginx.conf must set client_max_body_size once, to the API's largest body limit ` +
        `(${LARGEST_API_BODY / (1024 * 1024)}m, BODY_LIMITS); it sets ${sizes.length ? sizes.join(', ') + ' bytes' : 'none'}`,
    );
  }
}

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

/** The nginx binary on PATH or where Debian puts it, if any. */
export function findNginx(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * The nginx binary, installing Debian's `nginx` package first when there is none (as root, or through
 * sudo). Throws with what to run by hand when that is impossible.
 */
export function ensureNginx(say: (line: string) => void): string {
  const found = findNginx();
  if (found) return found;
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ['sudo', '-n'];
  if (!root && spawnSync('sh', ['-c', 'command -v sudo']).status !== 0) {
    throw new Error('nginx is not installed and this is not root: run `sudo apt-get install nginx`');
  }
  const apt = (...args: string[]) => {
    say(`running ${[...sudo, 'apt-get', ...args].join(' ')}`);
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(command!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  };
  const install = ['install', '-y', '--no-install-recommends', 'nginx'];
  // An image with empty package lists cannot install until they are fetched.
  if (apt(...install) !== 0 && (apt('update') !== 0 || apt(...install) !== 0)) {
    throw new Error('could not install nginx with apt-get: run `apt-get install nginx` and try again');
  }
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx but no nginx binary was found');
  return installed;
}

export interface NginxSiteOptions {
  /** Addresses to listen on, e.g. `127.0.0.1:8080` and `[::1]:8080`. */
  listen: string[];
  /** Local port of each upstream service the compose config names (`api`, `gateway-1`, ...). */
  upstreams: Record<string, number>;
}

/**
 * The compose site config with `server <service>:3000;` pointed at `127.0.0.1:<port>` and `listen 80;`
 * at the given addresses; every other line is kept as it is. Throws when the config names a service
 * it was given no port for, no longer has the lines it replaces, or lets through bodies of another size
 * than the API's largest ({@link checkBodyLimit}).
 */
export function localSiteConfig(composeConfig: string, options: NginxSiteOptions): string {
  checkBodyLimit(composeConfig);
  let listens = 0;
  const used = new Set<string>();
  const text = composeConfig
    .replace(/^(\s*)listen 80;$/m, (_all, indent: string) => {
      listens += 1;
      return options.listen.map((address) => `${indent}listen ${address};`).join('\n');
    })
    .replace(/^(\s*)server ([a-z0-9-]+):3000;$/gm, (_all, indent: string, service: string) => {
      const port = options.upstreams[service];
      if (port === undefined)
        throw new Error(`deploy/nginx.conf names ${service}, which the cluster has not`);
      used.add(service);
      return `${indent}server 127.0.0.1:${port};`;
    });
  if (listens !== 1) throw new Error('deploy/nginx.conf has no `listen 80;` line to point at a local port');
  const unused = Object.keys(options.upstreams).filter((service) => !used.has(service));
  if (unused.length > 0) throw new Error(`deploy/nginx.conf does not route to ${unused.join(', ')}`);
  return text;
}

/** The main config around the site: foreground, one worker, every path under `dir`. */
export function mainConfig(dir: string, siteFile: string): string {
  const at = (name: string) => path.join(dir, name);
  return [
    '# Written by `npm run cluster`: the compose site config under a prefix of its own.',
    'daemon off;',
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${at('client_body')};`,
    `  proxy_temp_path ${at('proxy')};`,
    `  fastcgi_temp_path ${at('fastcgi')};`,
    `  uwsgi_temp_path ${at('uwsgi')};`,
    `  scgi_temp_path ${at('scgi')};`,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

/**
 * Writes the configs under `dir` and returns the command that runs nginx on them in the foreground
 * (`-e stderr`: nginx logs no start-up line to /var/log).
 */
export async function prepareNginx(nginx: string, dir: string, site: NginxSiteOptions): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must reach the temp directories.
  await chmod(dir, 0o755);
  const siteFile = path.join(dir, 'coinpace.conf');
  const mainFile = path.join(dir, 'nginx.conf');
  await writeFile(siteFile, localSiteConfig(await readFile(NGINX_SITE_CONFIG, 'utf8'), site));
  await writeFile(mainFile, mainConfig(dir, siteFile));
  const check = spawnSync(nginx, ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', mainFile], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its config:\n${check.stderr}`);
  return [nginx, '-e', 'stderr', '-p', dir, '-c', mainFile];
}
