/**
 * docker-compose.yml and deploy/nginx.conf: there is no Docker engine here, so this holds the
 * file to what `docker compose config` and the running topology need: every app service's environment
 * passes our config parser, every role runs (gateways, pollers and workers twice), each service has a
 * healthcheck and a restart policy, data sits on named volumes, and nginx routes to the services the
 * file defines (its config also passes `nginx -t`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_LIMITS, ConfigError, parseConfig, type Config, type Role } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import {
  interpolate,
  loadCompose,
  readEnvFile,
  serviceEnvironment,
  type ComposeService,
} from './compose-file.ts';
import { LARGEST_API_BODY, checkBodyLimit, clientMaxBodySizes } from '../cluster/nginx.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EXAMPLE_ENV = path.join(ROOT, 'deploy/production.env.example');
const NGINX = '/usr/sbin/nginx';
/** The project's .env stands in for compose's own: the example every deployment starts from. */
const dotEnv = readEnvFile(EXAMPLE_ENV);
const compose = loadCompose(path.join(ROOT, 'docker-compose.yml'), dotEnv);
const services = Object.entries(compose.services);
const appServices = services.filter(([, service]) => service.image?.startsWith('coinpace'));

function configOf(service: ComposeService): Config {
  return parseConfig(serviceEnvironment(service, ROOT, { '.env': EXAMPLE_ENV }));
}

const replicas = (service: ComposeService) => service.deploy?.replicas ?? 1;

/** Compose's service attributes (compose-spec, services), so a misspelt key fails here as it would there. */
const SERVICE_KEYS = new Set(
  (
    'annotations attach blkio_config build cap_add cap_drop cgroup cgroup_parent command configs container_name ' +
    'cpu_count cpu_percent cpu_period cpu_quota cpu_rt_period cpu_rt_runtime cpu_shares cpus cpuset ' +
    'credential_spec depends_on deploy develop device_cgroup_rules devices dns dns_opt dns_search domainname ' +
    'entrypoint env_file environment expose extends external_links extra_hosts gpus group_add healthcheck ' +
    'hostname image init ipc isolation labels links logging mac_address mem_limit mem_reservation ' +
    'mem_swappiness memswap_limit network_mode networks oom_kill_disable oom_score_adj pid pids_limit ' +
    'platform ports post_start pre_stop privileged profiles pull_policy read_only restart runtime scale ' +
    'secrets security_opt shm_size stdin_open stop_grace_period stop_signal storage_opt sysctls tmpfs tty ' +
    'ulimits user userns_mode uts volumes volumes_from working_dir'
  ).split(' '),
);

describe('compose interpolation', () => {
  it('fills ${VAR}, defaults and $$, and stops on a required variable that is missing', () => {
    expect(interpolate('a ${X} ${Y:-dflt} ${Z-z} $X $$X', { X: '1', Y: '' })).toBe('a 1 dflt z 1 $X');
    expect(() => interpolate('${P:?set P}', {})).toThrow('P: set P');
    expect(() => interpolate('${P:?set P}', { P: '' })).toThrow('P: set P');
    expect(() => interpolate('${P:+alt}', { P: 'x' })).toThrow('not understood');
  });
});

describe('docker-compose.yml', () => {
  it('uses only compose keys, and every reference points at something defined', () => {
    const topLevel = ['name', 'services', 'volumes', 'networks', 'configs', 'secrets'];
    for (const key of Object.keys(compose)) if (!key.startsWith('x-')) expect(topLevel).toContain(key);
    for (const [name, service] of services) {
      for (const key of Object.keys(service)) expect(SERVICE_KEYS.has(key), `${name}.${key}`).toBe(true);
      expect(service.image ?? service.build, `${name} has an image`).toBeTruthy();
      const dependencies = Array.isArray(service.depends_on)
        ? service.depends_on.map((target) => [target, {} as { condition?: string }] as const)
        : Object.entries(service.depends_on ?? {});
      for (const [target, { condition }] of dependencies) {
        expect(compose.services[target], `${name} depends on ${target}`).toBeDefined();
        if (condition === 'service_healthy') expect(compose.services[target]!.healthcheck).toBeDefined();
      }
    }
  });

  it("gives every app service an environment our config parser accepts, in production, with each role's needs", () => {
    expect(appServices.length).toBeGreaterThan(0);
    for (const [name, service] of appServices) {
      let config: Config;
      try {
        config = configOf(service);
      } catch (error) {
        throw new Error(`${name}: ${error instanceof ConfigError ? error.message : String(error)}`, {
          cause: error,
        });
      }
      expect(config.nodeEnv, name).toBe('production');
      // One process per role: ROLE=all would run a second poller, API and gateway in each container.
      expect(config.role, name).not.toBe('all');
      // Shared state: without these, processes would each keep their own PGlite and in-process bus.
      expect(config.database.url, name).toBeDefined();
      expect(config.redis.url, name).toBeDefined();
      expect(config.identity.mode, name).toBe('clerk');
      expect(config.payments.mode, name).toBe('stripe');
    }
  });

  it('runs every role: one API, two gateways, two pollers and two workers', () => {
    const counts = new Map<Role, number>();
    for (const [, service] of appServices) {
      const role = configOf(service).role;
      counts.set(role, (counts.get(role) ?? 0) + replicas(service));
    }
    expect(Object.fromEntries(counts)).toEqual({ api: 1, gateway: 2, poller: 2, worker: 2 });
  });

  it("points DATABASE_URL and REDIS_URL at the compose file's own Postgres and Redis", () => {
    const postgres = compose.services.postgres!;
    const pgEnv = serviceEnvironment(postgres, ROOT, { '.env': EXAMPLE_ENV });
    expect(postgres.image).toMatch(/^postgres:1[5-9]/);
    expect(compose.services.redis?.image).toMatch(/^redis:7/);
    for (const [name, service] of appServices) {
      const config = configOf(service);
      const database = new URL(config.database.url!);
      expect(database.hostname, name).toBe('postgres');
      expect(decodeURIComponent(database.username), name).toBe(pgEnv.POSTGRES_USER);
      expect(decodeURIComponent(database.password), name).toBe(pgEnv.POSTGRES_PASSWORD);
      expect(database.pathname, name).toBe(`/${pgEnv.POSTGRES_DB}`);
      expect(new URL(config.redis.url!).hostname, name).toBe('redis');
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(['postgres', 'redis']);
    }
  });

  it('checks each app process on /readyz at its own port, and every service has a healthcheck and restarts', () => {
    for (const [name, service] of services) {
      expect(service.restart, name).toMatch(/^(always|unless-stopped|on-failure(:\d+)?)$/);
      const test = service.healthcheck?.test;
      expect(Array.isArray(test) && ['CMD', 'CMD-SHELL'].includes(test[0]!), `${name} healthcheck`).toBe(
        true,
      );
    }
    for (const [name, service] of appServices) {
      const check = (service.healthcheck!.test as string[]).join(' ');
      expect(check, name).toContain(`http://127.0.0.1:${configOf(service).port}/readyz`);
      // The runtime image has node but no curl or wget.
      expect((service.healthcheck!.test as string[])[1], name).toBe('node');
    }
  });

  it('keeps data on named volumes that the file declares', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const mounts = services.flatMap(([name, service]) =>
      (service.volumes ?? []).map((volume) => {
        const [source = '', target = ''] =
          typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target];
        return { name, source, target };
      }),
    );
    for (const { name, source } of mounts) {
      if (source.startsWith('.') || source.startsWith('/')) {
        expect(existsSync(path.resolve(ROOT, source)), `${name} mounts ${source}`).toBe(true);
      } else {
        expect(declared, `${name} mounts ${source}`).toContain(source);
      }
    }
    const volumeAt = (service: string, target: string) =>
      mounts.find((m) => m.name === service && m.target === target)?.source;
    expect(declared).toContain(volumeAt('postgres', '/var/lib/postgresql/data'));
    expect(declared).toContain(volumeAt('redis', '/data'));
    expect(compose.services.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
  });

  it('takes secrets from the env file, never from the compose file itself', () => {
    for (const [name, service] of appServices) expect(service.env_file, name).toBe('.env');
    const written = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    for (const [key, value] of Object.entries(dotEnv)) {
      if (/KEY|SECRET|TOKEN|PASSWORD/.test(key) && value) expect(written, key).not.toContain(value);
    }
  });
});

/** `upstream NAME { ... }` blocks of an nginx config: their `server` addresses and whether they are sticky. */
function upstreams(conf: string): Map<string, { servers: string[]; ipHash: boolean }> {
  const found = new Map<string, { servers: string[]; ipHash: boolean }>();
  for (const block of conf.matchAll(/^upstream\s+(\S+)\s*\{([^}]*)\}/gm)) {
    const body = block[2]!.replace(/#.*$/gm, '');
    found.set(block[1]!, {
      servers: [...body.matchAll(/^\s*server\s+(\S+?)(?:\s[^;]*)?;/gm)].map((m) => m[1]!),
      ipHash: /^\s*ip_hash;/m.test(body),
    });
  }
  return found;
}

describe('deploy/nginx.conf', () => {
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const addressOf = (role: Role) =>
    appServices
      .filter(([, service]) => configOf(service).role === role)
      .map(([name, service]) => `${name}:${configOf(service).port}`);

  it('is what the nginx service mounts, and it starts once the API and the gateways are healthy', () => {
    const nginx = compose.services.nginx!;
    expect(nginx.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(Object.keys(nginx.depends_on ?? {}).sort()).toEqual(
      [...addressOf('api'), ...addressOf('gateway')].map((a) => a.split(':')[0]).sort(),
    );
  });

  it('sends Socket.IO to every gateway, sticky by client address, and the rest to the API', () => {
    const blocks = upstreams(conf);
    expect(blocks.get('coinpace_gateway')).toEqual({ servers: addressOf('gateway'), ipHash: true });
    expect(blocks.get('coinpace_api')?.servers).toEqual(addressOf('api'));
    expect(conf).toMatch(/location \/socket\.io\/ \{[^}]*proxy_pass http:\/\/coinpace_gateway;/);
    expect(conf).toMatch(/location \/socket\.io\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/location = \/api\/prices\/stream \{[^}]*proxy_buffering off;/);
    expect(conf).toMatch(/location \/ \{[^}]*proxy_pass http:\/\/coinpace_api;/);
  });

  it('lets through the largest body an API route accepts (a 4 MB trade import), and only that', () => {
    expect(LARGEST_API_BODY).toBe(BODY_LIMITS.trades);
    expect(clientMaxBodySizes(conf)).toEqual([LARGEST_API_BODY]);
    expect(() => checkBodyLimit(conf)).not.toThrow();
    for (const other of ['2m', '5m', '4096']) {
      const changed = conf.replace(/client_max_body_size \S+;/, `client_max_body_size ${other};`);
      expect(() => checkBodyLimit(changed), other).toThrow(/must set client_max_body_size once/);
    }
  });

  it('passes nginx -t (service names mapped to loopback, as only compose can resolve them)', () => {
    expect(existsSync(NGINX), `${NGINX} (Debian's nginx package) is needed`).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'coinpace-nginx-'));
    try {
      // nginx -t opens no sockets, so the port is never bound.
      let local = conf.replace(/listen 80;/, 'listen 127.0.0.1:18080;');
      for (const [name] of services) local = local.replaceAll(`server ${name}:`, 'server 127.0.0.1:');
      writeFileSync(path.join(dir, 'coinpace.conf'), local);
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          `pid ${dir}/nginx.pid;`,
          'error_log stderr;',
          'events {}',
          'http {',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
          `  include ${dir}/coinpace.conf;`,
          '}',
        ].join('\n'),
      );
      const result = spawnSync(
        NGINX,
        ['-t', '-q', '-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')],
        {
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
