/** Starts the BFF app on a loopback port for HTTP tests. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PeerName } from '@tessera/kit';
import { createApp } from '../../app.js';
import type { BffDeps } from '../../deps.js';
import { ROUTE_MODULES, type RouteModule } from '../../routes/index.js';
import { testDeps } from '../../test/deps.js';

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
  const server: http.Server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    deps,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
