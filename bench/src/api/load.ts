/**
 * One measurement of bench:api: autocannon against a URL for a fixed time, after a warm-up, with the CPU
 * the load generator (this process) and the server process used meanwhile.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  /** Requests cycled through by each connection (headers vary, e.g. X-Forwarded-For). */
  requests?: { path: string; headers: Record<string, string> }[];
  headers?: Record<string, string>;
  /** The process serving it, for its CPU time. */
  pid: number;
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerRequest: number;
  /** CPU of the load generator and of the server over the measurement, in % of one core. */
  generatorCpuPercent: number;
  serverCpuPercent: number;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc. */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function run(target: Target, seconds: number, connections: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        headers: target.headers,
        requests: target.requests?.map((r) => ({ method: 'GET', path: r.path, headers: r.headers })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function measure(
  target: Target,
  options: { seconds: number; warmupSeconds: number; connections: number },
): Promise<Measured> {
  await run(target, options.warmupSeconds, options.connections);
  const cpuBefore = process.cpuUsage();
  const serverBefore = processCpuSeconds(target.pid);
  const wallBefore = performance.now();
  const result = await run(target, options.seconds, options.connections);
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverSeconds = processCpuSeconds(target.pid) - serverBefore;
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerRequest: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    generatorCpuPercent: ((cpu.user + cpu.system) / 1e6 / wallSeconds) * 100,
    serverCpuPercent: (serverSeconds / wallSeconds) * 100,
  };
}
