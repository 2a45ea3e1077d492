/**
 * The metrics listener of a process: `GET /metrics` in Prometheus's text format on a port of its own
 * (METRICS_PORT; the defaults are in @tessera/facts/ports), apart from the API, so the BFF's web app
 * never answers a scrape. Anything else gets a plain 404. Every series carries `process` (bff,
 * identity, ..., broker), whatever the scraper's own labels are, so dashboards group by it.
 */
import http from 'node:http';
import { listenOn } from '../http/listen.js';
import type { Logger } from 'pino';
import { collectProcessMetrics, metricsRegistry } from './registry.js';

export const METRICS_PATH = '/metrics';

export interface MetricsServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(opts: {
  process: string;
  host: string;
  port: number;
  logger: Logger;
}): Promise<MetricsServer> {
  metricsRegistry.setDefaultLabels({ process: opts.process });
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metricsRegistry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        opts.logger.error({ err }, 'metrics collection failed');
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('metrics collection failed\n');
      },
    );
  });
  const { port, host } = await listenOn(server, opts.port, opts.host);
  server.unref(); // never what keeps a process alive
  const url = `http://${host}:${port}${METRICS_PATH}`;
  opts.logger.info({ metrics: url }, 'metrics listening');
  return {
    port,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
