/**
 * What `npm start` posts to a service running as one of its worker threads (scripts/start.mjs: one
 * process, a thread per service) in place of SIGTERM, which only a process's main thread receives.
 * Node built-ins only, like `@tessera/kit/service-keys`: scripts/start.mjs imports it.
 */
export const THREAD_SHUTDOWN_MESSAGE = 'tessera:shutdown';
