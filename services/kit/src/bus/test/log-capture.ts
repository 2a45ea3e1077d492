/** A real pino logger whose JSON lines are kept in memory, so tests can assert what was logged. */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../log/logger.js';

export interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

export interface LogCapture {
  logger: Logger;
  lines: LogLine[];
  /** Lines at `level` whose fields include every given field. */
  find(level: string, fields?: Record<string, unknown>): LogLine[];
}

export function captureLogger(name = 'bus-test'): LogCapture {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      }
      cb();
    },
  });
  // pino writes synchronously to a plain Writable, so lines are visible right after the call
  const logger = createLogger(name, { level: 'debug', destination });
  return {
    logger,
    lines,
    find: (level, fields = {}) =>
      lines.filter((l) => l.level === level && Object.entries(fields).every(([k, v]) => l[k] === v)),
  };
}
