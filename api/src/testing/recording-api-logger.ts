/** Test support: an API logger (pino, as in production) whose lines a test can read. Not used in production. */
import { createRecordingLogger, type LogLevel, type RecordingLogger } from '@coinpace/adapters/testing';
import pino from 'pino';
import type { Logger } from '../logger.ts';

/**
 * A pino logger at `level` that writes each line, parsed, into a recording logger: `lines` holds every
 * line the API wrote, with its level, fields (an error's `err.stack` included) and message.
 */
export function recordingApiLogger(level = 'info'): { logger: Logger; lines: RecordingLogger['lines'] } {
  const recording = createRecordingLogger();
  const logger = pino(
    { level, base: { service: 'coinpace' } },
    {
      write(line: string) {
        const { level: number, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
        const label = pino.levels.labels[Number(number)];
        const at: LogLevel = label === 'fatal' ? 'error' : label === 'trace' ? 'debug' : (label as LogLevel);
        recording[at](fields, typeof msg === 'string' ? msg : undefined);
      },
    },
  );
  return { logger, lines: recording.lines };
}
