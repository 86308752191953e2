/** Every fault scenario, in the order they run (the 2-minute CoinGecko lock last but one). */
import type { Scenario } from '../scenario.ts';
import { baseline } from './baseline.ts';
import { redisClientsKilled, redisStopped } from './bus.ts';
import { channelPeersDown, workerKilledWhileSendingChannels } from './channels.ts';
import { postgresStopped } from './database.ts';
import { exchangeSyncFaults } from './exchanges.ts';
import { gatewayKilled, gatewayStopped, leaderKilled, sigtermEachRole } from './processes.ts';
import { smtpDown, upstream429, upstream500, upstreamHang } from './providers.ts';
import { workerKilledHoldingTick, workerKilledWhileSending } from './workers.ts';

export const SCENARIOS: Scenario[] = [
  baseline,
  redisStopped,
  redisClientsKilled,
  postgresStopped,
  workerKilledHoldingTick,
  workerKilledWhileSending,
  workerKilledWhileSendingChannels,
  exchangeSyncFaults,
  leaderKilled,
  gatewayKilled,
  gatewayStopped,
  smtpDown,
  channelPeersDown,
  upstream500,
  upstreamHang,
  upstream429,
  sigtermEachRole,
];
