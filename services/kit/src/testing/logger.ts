import { createLogger, type Logger } from '../log/logger.js';

/** A logger that writes nothing (set TEST_LOG_LEVEL=debug to see the lines). */
export function testLogger(name = 'test'): Logger {
  return createLogger(name, { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}
