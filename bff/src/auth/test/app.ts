/** Starts the BFF app on a loopback port for HTTP tests. */
import type { PeerName } from '@tessera/kit';
import { createApp } from '../../app.js';
import type { BffDeps } from '../../deps.js';
import { ROUTE_MODULES, type RouteModule } from '../../routes/index.js';
import { testDeps } from '../../test/deps.js';
import { listen } from '../../test/listen.js';
import { Browser } from './browser.js';

export interface RunningBff {
  base: string;
  deps: BffDeps;
  close(): Promise<void>;
}

export async function startBff(
  peers: Partial<Record<PeerName, string>>,
  opts: { env?: Record<string, string>; extraModules?: RouteModule[]; deps?: Partial<BffDeps> } = {},
): Promise<RunningBff> {
  const deps = testDeps(peers, { env: opts.env ?? {}, ...opts.deps });
  const app = createApp(deps, [...ROUTE_MODULES, ...(opts.extraModules ?? [])]);
  const { base, close } = await listen(app);
  return { base, deps, close };
}

/** The https origin the PUBLIC_URL tests give the BFF (as behind a proxy that rewrites the host). */
export const PUBLIC_ORIGIN = 'https://tessera.example';

/** Runs fn with a browser on PUBLIC_ORIGIN, in front of a BFF whose PUBLIC_URL it is; then stops that BFF. */
export async function withPublicOrigin(
  peers: Partial<Record<PeerName, string>>,
  fn: (browser: Browser) => Promise<void>,
): Promise<void> {
  const app = await startBff(peers, { env: { PUBLIC_URL: PUBLIC_ORIGIN } });
  try {
    await fn(new Browser(app.base, { origin: PUBLIC_ORIGIN }));
  } finally {
    await app.close();
  }
}
