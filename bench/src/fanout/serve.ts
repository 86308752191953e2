/**
 * The server side of one benchmark run, in a process of its own: answers the orchestrator's heap and
 * burst commands over IPC around a `publish` function that the gateway or raw-ws server provides.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { PriceTick } from '@coinpace/domain';
import { benchTick, nowMs, type ServerCommand, type ServerReply } from './protocol.ts';

export interface BenchServer {
  port: number;
  publish(tick: PriceTick): void | Promise<void>;
  connections(): number;
}

const reply = (message: ServerReply) => process.send!(message);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs the IPC loop for `server`; never returns while the orchestrator is connected. */
export function serveBenchmark(server: BenchServer): void {
  process.on('message', async (command: ServerCommand) => {
    if (command.cmd === 'stop') process.exit(0);
    if (command.cmd === 'heap') {
      for (let i = 0; i < 3; i++) {
        global.gc?.();
        await pause(50);
      }
      const { heapUsed, rss } = process.memoryUsage();
      reply({ type: 'heap', heapUsed, rss, connections: server.connections() });
    }
    if (command.cmd === 'snapshot') {
      global.gc?.();
      reply({ type: 'snapshot', path: writeHeapSnapshot(command.path) });
    }
    if (command.cmd === 'burst') {
      const profiler = command.profilePath ? new Session() : undefined;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
      }
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const start = nowMs();
      let first = 0;
      let last = 0;
      for (let i = 0; i < command.ticks; i++) {
        await pause(start + i * command.intervalMs - nowMs());
        last = nowMs();
        if (i === 0) first = last;
        await server.publish(benchTick(command.first + i, last));
      }
      // Let the last fan-out finish before the monitor stops.
      await pause(command.intervalMs);
      delay.disable();
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(command.profilePath!, JSON.stringify(profile));
        profiler.disconnect();
      }
      reply({
        type: 'burst',
        firstPublishAt: first,
        lastPublishAt: last,
        eldP50Ms: delay.percentile(50) / 1e6,
        eldP99Ms: delay.percentile(99) / 1e6,
        eldMaxMs: delay.max / 1e6,
      });
    }
  });
  reply({ type: 'listening', port: server.port });
}
