/**
 * RED of every RPC a server answers: one duration histogram by service, method and Connect code
 * (`ok` for success), so its `_count` is the rate and the errors by code. The outermost server
 * interceptor (rpc/server.ts): it sees the code the caller gets. Streams (health Watch) are left out.
 */
import type { Interceptor } from '@connectrpc/connect';
import { ConnectError } from '@connectrpc/connect';
import { codeToString } from '@connectrpc/connect/protocol-connect';
import { bound, histogram, secondsSince } from './registry.js';

const served = () =>
  histogram(
    'tessera_rpc_server_duration_seconds',
    'RPCs answered by this process: duration by service, method and Connect code (ok for success)',
    ['service', 'method', 'code'],
  );

export const rpcServerMetrics: Interceptor = (next) => async (req) => {
  if (req.stream) return next(req);
  const started = performance.now();
  const observe = (code: string) =>
    bound(served(), { service: req.service.typeName, method: req.method.name, code }).observe(
      secondsSince(started),
    );
  try {
    const res = await next(req);
    observe('ok');
    return res;
  } catch (err) {
    observe(codeToString(ConnectError.from(err).code));
    throw err;
  }
};
