/**
 * RED of every RPC a server answers: one duration histogram by service, method and Connect code
 * (`ok` for success), so its `_count` is the rate and the errors by code. The outermost server
 * interceptor (rpc/server.ts): it sees the code the caller gets. Streams (health Watch) are left out.
 */
import type { Interceptor } from '@connectrpc/connect';
import { ConnectError } from '@connectrpc/connect';
import { codeToString } from '@connectrpc/connect/protocol-connect';
import { histogram, secondsSince } from './registry.js';

const served = () =>
  histogram(
    'tessera_rpc_server_duration_seconds',
    'RPCs answered by this process: duration by service, method and Connect code (ok for success)',
    ['service', 'method', 'code'],
  );

export const rpcServerMetrics: Interceptor = (next) => async (req) => {
  if (req.stream) return next(req);
  const started = performance.now();
  const labels = { service: req.service.typeName, method: req.method.name };
  try {
    const res = await next(req);
    served().observe({ ...labels, code: 'ok' }, secondsSince(started));
    return res;
  } catch (err) {
    served().observe({ ...labels, code: codeToString(ConnectError.from(err).code) }, secondsSince(started));
    throw err;
  }
};
