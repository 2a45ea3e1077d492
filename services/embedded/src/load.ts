/**
 * `@tessera/embedded/load`: the loader a process is composed with (`runService({ embedded:
 * loadEmbedded })`, the BFF's `main.ts`). Importing this module loads no engine; the kit calls the
 * loader only for a backend whose URL is unset, so a process on MongoDB, Redis and NATS never
 * loads the embedded engines.
 */
import type { EmbeddedBackends } from '@tessera/kit';

export const loadEmbedded = async (): Promise<EmbeddedBackends> =>
  (await import('./backends.js')).embeddedBackends;
