/** A logger that keeps its lines in memory, so tests can check why something was refused. */
import { createLogger, type Logger } from '@tessera/kit';

export interface RecordedLogs {
  logger: Logger;
  lines: Record<string, unknown>[];
  /** Lines whose message is `msg`, oldest first. */
  withMessage(msg: string): Record<string, unknown>[];
}

export function recordLogs(level = 'info'): RecordedLogs {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('bff-test', {
    level,
    destination: {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { logger, lines, withMessage: (msg) => lines.filter((l) => l.msg === msg) };
}
