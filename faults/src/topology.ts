/**
 * The production topology, started for real on this machine: a redis-server and a Postgres
 * cluster of its own (never the shared 6379/5432), the local SMTP and Twilio peers, a fake CoinGecko,
 * a Binance peer every role reaches Binance through (exchange syncs), the peers of the other alert
 * channels (push service, Telegram, Discord, Slack, a signed-webhook receiver), and the roles as processes (api x1, gateway x2, poller x2, worker x2) with PRICE_POLL_MS=1000; the
 * gateways behind a small TCP balancer, as behind a load balancer. Close it to stop everything it
 * started and remove its directories.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createFakeCoinGecko,
  freePort,
  startBinancePeer,
  startOwnRedisServer,
  startSmtpPeer,
  startTcpProxy,
  startTwilioPeer,
  type BinancePeer,
  type FakeCoinGecko,
  type OwnRedisServer,
  type SmtpPeer,
  type TcpProxy,
  type TwilioPeer,
} from '@coinpace/adapters/testing';
import { createSecretBox, type SecretBox } from '@coinpace/adapters';
import { connect, trackCoin, type Database } from '@coinpace/db';
import { startPostgresCluster, type PostgresCluster } from './infra/postgres-cluster.ts';
import { REPO_ROOT, startRoleProcess, type RoleProcess } from '@coinpace/server/cluster';
import { createRoleLog, type RoleLog } from './role-log.ts';
import { listFaultCoins } from './probes/alert-ledger.ts';
import { startChannelPeers, type ChannelPeers } from './probes/channel-peers.ts';

export type RoleKind = 'api' | 'gateway' | 'poller' | 'worker';

/** The processes of the topology, by name. */
export const ROLE_NAMES: Record<RoleKind, string[]> = {
  api: ['api-1'],
  gateway: ['gateway-1', 'gateway-2'],
  poller: ['poller-1', 'poller-2'],
  worker: ['worker-1', 'worker-2'],
};
export const ALL_ROLES = Object.values(ROLE_NAMES).flat();

/** A coin whose price the harness changes all the time, so that every poll makes a tick. */
export const PULSE_COIN = 'fault-pulse';
export const POLL_MS = 1_000;
/** Where the run's logs and figures go (ignored by git). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'faults', 'results');

export interface Topology {
  readonly redis: OwnRedisServer;
  readonly postgres: PostgresCluster;
  readonly smtp: SmtpPeer;
  readonly twilio: TwilioPeer;
  readonly coingecko: FakeCoinGecko;
  /** Push service, Telegram, Discord, Slack and webhook peers, each behind a proxy it can be cut at. */
  readonly channels: ChannelPeers;
  /** The roles' SECRETS_KEY, to seal destinations' secrets as the API does. */
  readonly secrets: SecretBox;
  /** Binance for every role (EXCHANGE_URLS); scenarios add the accounts they sync. */
  readonly binance: BinancePeer;
  /** In front of the gateways; browsers connect here. */
  readonly balancer: TcpProxy;
  /** The harness's own connection to the database (seeding, checks). */
  readonly database: Database;
  readonly log: RoleLog;
  /** The running process of a role by name. */
  role(name: string): RoleProcess;
  kindOf(name: string): RoleKind;
  /** Starts (again) the role `name` and waits until it is ready. */
  restart(name: string): Promise<RoleProcess>;
  /** The poller that last said it leads, if it is still running. */
  leader(): string | undefined;
  /** The role whose process has this PID. */
  nameOfPid(pid: number): string | undefined;
  /** Every role's readiness now. */
  readiness(): Promise<{ name: string; running: boolean; ready: boolean }[]>;
  close(): Promise<void>;
}

export interface TopologyOptions {
  /** Called with progress lines (start-up steps). */
  say?: (line: string) => void;
}

/** Starts everything; resolves once every role answers /readyz. */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const say = options.say ?? (() => {});
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  };
  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'coinpace-faults-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const logDir = path.join(RESULTS_DIR, 'logs');
    await rm(logDir, { recursive: true, force: true });
    await mkdir(logDir, { recursive: true });

    say("starting redis-server, a Postgres cluster, the channels' peers, Binance, a fake CoinGecko");
    const [redis, postgres, smtp, twilio, binance, channels] = await Promise.all([
      startOwnRedisServer(),
      startPostgresCluster(),
      startSmtpPeer(),
      startTwilioPeer(),
      startBinancePeer(),
      startChannelPeers(),
    ]);
    cleanups.push(
      () => redis.close(),
      () => postgres.close(),
      () => smtp.close(),
      () => twilio.close(),
      () => binance.close(),
      () => channels.close(),
    );
    const coingecko = createFakeCoinGecko();
    const { url: coingeckoUrl } = await coingecko.start();
    cleanups.push(() => coingecko.close());
    coingecko.addCoin({ id: PULSE_COIN, symbol: 'PLS', name: 'Fault pulse', usd: 1 });
    listFaultCoins(coingecko);
    let pulse = 0;
    const pulseTimer = setInterval(() => {
      pulse = (pulse + 1) % 1_000;
      coingecko.setPrice(PULSE_COIN, 1 + pulse / 1_000);
    }, 250);
    cleanups.push(async () => clearInterval(pulseTimer));

    const ports = new Map<string, number>();
    for (const name of ALL_ROLES) ports.set(name, await freePort());
    const balancer = await startTcpProxy({
      targets: ROLE_NAMES.gateway.map((name) => ({ host: '127.0.0.1', port: ports.get(name)! })),
    });
    cleanups.push(() => balancer.close());

    const secretsKey = randomBytes(32);
    const log = createRoleLog((name, line) => appendFile(path.join(logDir, `${name}.log`), line + '\n'));
    const baseEnv = {
      NODE_ENV: 'production',
      ALLOW_LOCAL_PROVIDERS: '1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      PRICE_SOURCE: 'coingecko',
      COINGECKO_BASE_URL: coingeckoUrl,
      // No test reaches the internet: Binance's klines route is not on the CoinGecko peer (404).
      BINANCE_DATA_URL: coingeckoUrl,
      PRICE_POLL_MS: String(POLL_MS),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Coinpace <alerts@coinpace.test>',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_URL: twilio.url,
      EXCHANGE_URLS: `binance=${binance.url}`,
      // Every role opens the exchange keys the API sealed.
      SECRETS_KEY: secretsKey.toString('hex'),
      ...channels.env,
      PUBLIC_URL: `http://127.0.0.1:${ports.get('api-1')}`,
      LOG_LEVEL: 'info',
    };
    const kindOf = (name: string) =>
      (Object.keys(ROLE_NAMES) as RoleKind[]).find((kind) => ROLE_NAMES[kind].includes(name))!;
    const processes = new Map<string, RoleProcess>();
    const launch = (name: string) => {
      const proc = startRoleProcess({
        name,
        port: ports.get(name)!,
        env: { ...baseEnv, ROLE: kindOf(name) },
        onLine: log.onLine,
      });
      processes.set(name, proc);
      void proc.exited.then(() => log.onExit(name));
      return proc;
    };
    cleanups.push(async () => {
      await Promise.all([...processes.values()].map((proc) => proc.stop('SIGKILL', 5_000)));
    });

    // All at once, as an orchestrator starts them: an advisory lock serialises their migrations.
    say('starting api x1, gateway x2, poller x2, worker x2');
    const started = Date.now();
    await Promise.all(ALL_ROLES.map((name) => launch(name).waitReady(120_000)));
    say(`all ${ALL_ROLES.length} roles ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const database = await connect({ databaseUrl: postgres.url, migrate: false, maxConnections: 4 });
    cleanups.push(() => database.close());
    await trackCoin(database.db, { coingeckoId: PULSE_COIN, name: 'Fault pulse', symbol: 'PLS' });

    return {
      redis,
      postgres,
      smtp,
      twilio,
      coingecko,
      channels,
      secrets: createSecretBox(secretsKey),
      binance,
      balancer,
      database,
      log,
      role(name) {
        const proc = processes.get(name);
        if (!proc) throw new Error(`no role ${name}`);
        return proc;
      },
      kindOf,
      async restart(name) {
        const previous = processes.get(name);
        if (previous?.isRunning()) await previous.stop('SIGTERM');
        const proc = launch(name);
        await proc.waitReady(60_000);
        return proc;
      },
      leader() {
        const name = log.leader();
        return name && processes.get(name)?.isRunning() ? name : undefined;
      },
      nameOfPid(pid) {
        return [...processes.entries()].find(([, proc]) => proc.pid === pid)?.[0];
      },
      async readiness() {
        return Promise.all(
          ALL_ROLES.map(async (name) => {
            const proc = processes.get(name)!;
            const running = proc.isRunning();
            const ready = running && (await isReadyNow(proc));
            return { name, running, ready };
          }),
        );
      },
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function isReadyNow(proc: RoleProcess): Promise<boolean> {
  try {
    await proc.waitReady(3_000);
    return true;
  } catch {
    return false;
  }
}
