import type { AddressInfo, Server } from 'node:net';

/**
 * Listens on `host`:`port` (0: a free port) and resolves with the bound port and the host to reach
 * it by (loopback for a wildcard address); rejects when it cannot listen (the port taken).
 */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
): Promise<{ port: number; host: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return { port: bound, host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host };
}
