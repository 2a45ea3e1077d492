/** Starts the BFF app on a loopback port for HTTP tests. */
import type { PeerName } from '@tessera/kit';
import { createApp } from '../../app.js';
import type { BffDeps } from '../../deps.js';
import { ROUTE_MODULES, type RouteModule } from '../../routes/index.js';
import { testDeps } from '../../test/deps.js';
import { listen } from '../../test/listen.js';

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
