/**
 * `npm run cluster`: the production topology on this machine until Ctrl-C (README, Production
 * deployment). Options: `--port N` (nginx, default 8080; 0 for a free one), `--keep` (keep the
 * database and Redis keys), `--json` (print the roles' log lines as they are, not pretty).
 * DATABASE_URL and REDIS_URL name the servers to use (default the local ones); every other setting
 * in the environment goes to every role.
 */
import { parseArgs } from 'node:util';
import { prettyFactory } from 'pino-pretty';
import { DEFAULT_POSTGRES_URL, DEFAULT_REDIS_URL, startCluster, type Cluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`--port: expected a port number, got "${values.port}"\n`);
  process.exit(2);
}

const colour = process.stdout.isTTY;
const COLOURS = [36, 32, 33, 35, 34, 96, 92, 93, 95];
const tags = new Map<string, string>();
const tagOf = (name: string) => {
  let tag = tags.get(name);
  if (!tag) {
    const text = `[${name}]`.padEnd(12);
    tag = colour ? `\u001b[${COLOURS[tags.size % COLOURS.length]}m${text}\u001b[0m` : text;
    tags.set(name, tag);
  }
  return tag;
};
const pretty = values.json
  ? undefined
  : prettyFactory({
      colorize: colour,
      singleLine: true,
      ignore: 'pid,hostname,role',
      translateTime: 'HH:MM:ss',
    });
const print = (name: string, line: string) => {
  let text = line;
  if (pretty && line.startsWith('{')) {
    try {
      text = pretty(JSON.parse(line)).trimEnd();
    } catch {
      // Not JSON after all: as it is.
    }
  }
  process.stdout.write(`${tagOf(name)} ${text}\n`);
};
const say = (line: string) => print('cluster', line);

const starting = new AbortController();
const startup = startCluster({
  port,
  keep: values.keep,
  env: process.env,
  postgresUrl: process.env.DATABASE_URL || DEFAULT_POSTGRES_URL,
  redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  onLine: print,
  say,
  signal: starting.signal,
});
let cluster: Cluster | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C does not wait for the clean stop.
    if (stopping) {
      for (const proc of cluster?.processes.values() ?? []) void proc.stop('SIGKILL', 1_000);
      process.exit(130);
    }
    stopping = true;
    say(`${signal}: stopping every process`);
    // While starting, the start stops what it started and rejects; after, the cluster stops.
    starting.abort();
    void startup
      .then((running) => running.stop())
      .catch(() => {})
      .then(() => {
        say('stopped');
        process.exit(0);
      });
  });
}

try {
  cluster = await startup;
} catch (error) {
  if (!stopping) {
    say(`could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
if (cluster && !stopping) {
  const running = cluster;
  say(`Coinpace at ${running.url}${running.ipv6Url ? ` and ${running.ipv6Url}` : ''}; Ctrl-C stops it`);
  say(`database ${new URL(running.databaseUrl).pathname.slice(1)}, Redis prefix ${running.redisPrefix}`);
  for (const [name, proc] of running.processes) say(`${name}: pid ${proc.pid}, ${proc.url}`);
  void running.unexpectedExit.then(({ name, status }) => {
    say(`${name} exited on its own (${status.signal ?? `code ${status.code}`}); the others keep running`);
  });
}
