/** Serves a Koa app on a loopback port for HTTP tests. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  base: string;
  server: http.Server;
  /** Drops open connections (event streams too) and stops listening. */
  close(): Promise<void>;
}

export async function listen(app: Koa): Promise<Listening> {
  const server: http.Server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Runs `fn` against the app served on a loopback port, then closes it. */
export async function withListening(app: Koa, fn: (base: string) => Promise<void>): Promise<void> {
  const l = await listen(app);
  try {
    await fn(l.base);
  } finally {
    await l.close();
  }
}
