/** A logger for tests that keeps every line, so a test can read what a log transport printed. */
import type { LogFn, Logger } from './logger.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  level: LogLevel;
  /** The structured fields ({} when only a message was logged). */
  fields: Record<string, unknown>;
  msg?: string;
}

export interface RecordingLogger extends Logger {
  readonly lines: LogLine[];
}

/** Creates a logger that records lines in `lines`, in order. */
export function createRecordingLogger(): RecordingLogger {
  const lines: LogLine[] = [];
  const at =
    (level: LogLevel): LogFn =>
    (first: object | string, msg?: string) => {
      if (typeof first === 'string') lines.push({ level, fields: {}, msg: first });
      else lines.push({ level, fields: { ...first } as Record<string, unknown>, msg });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
