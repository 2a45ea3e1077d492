import { startRpcServer, type RpcServer, type RpcServerOptions } from '../rpc/server.js';
import { testLogger } from './logger.js';

export type TestRpcServerOptions = Omit<RpcServerOptions, 'host' | 'port' | 'logger'> & {
  /** Default: a quiet `testLogger(name)`. */
  logger?: RpcServerOptions['logger'];
};

/**
 * A test's RPC server: `startRpcServer` on loopback at a port the OS picks (so parallel test files
 * never collide), logging quietly unless given a logger. Without `trust` it answers any caller, as a
 * test of a service's behaviour (or a test double) wants; pass `testIdentities().trust(name)` to test
 * who may call it.
 */
export function startTestRpcServer(opts: TestRpcServerOptions): Promise<RpcServer> {
  return startRpcServer({
    ...opts,
    host: '127.0.0.1',
    port: 0,
    logger: opts.logger ?? testLogger(opts.name),
  });
}
