// The first module of a service's worker thread when `npm start` runs the stack in one process
// (scripts/start.mjs): tracing first, as `node --import @tessera/kit/instrument` does for a process,
// then the service's own `dist/main.js`, which runs exactly as it does in its own process (its
// environment is the thread's copy of process.env).
//
// SIGTERM arrives as THREAD_SHUTDOWN_MESSAGE: the kit's onShutdownSignal takes it once the service has
// started. Before that (a stop while the service is still starting), the thread ends at once, as a
// process without a SIGTERM handler would.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { THREAD_SHUTDOWN_MESSAGE } from '@tessera/kit/thread-shutdown';

parentPort?.on('message', (message) => {
  if (message === THREAD_SHUTDOWN_MESSAGE && process.listenerCount('SIGTERM') === 0) process.exit(128 + 15);
});
await import('@tessera/kit/instrument');
await import(pathToFileURL(workerData.main).href);
