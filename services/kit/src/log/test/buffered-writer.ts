/**
 * The child process of logger.test.ts: `node --import ../../testing/ts-loader.mjs
 * buffered-writer.ts <lines> <exit|stay>` logs <lines> lines through a buffered logger, then either
 * exits at once with process.exit (no event loop turn for pending writes: every line must still
 * reach stdout) or stays alive without logging more (the lines must arrive without a later write).
 */
import { createLogger } from '../logger.js';

const lines = Number(process.argv[2] ?? 1000);
const log = createLogger('tessera-buffered-test', { buffered: true, level: 'info' });
for (let i = 0; i < lines; i++) log.info({ i }, 'request');
if (process.argv[3] === 'stay') setInterval(() => {}, 60_000);
else process.exit(0);
