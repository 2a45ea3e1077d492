/**
 * RED of an HTTP server's requests: one duration histogram by method, route template (never the raw
 * path: its ids would make a series per resource) and status code.
 */
import { bound, histogram } from './registry.js';

const requests = () =>
  histogram(
    'tessera_http_request_duration_seconds',
    'HTTP requests answered: duration by method, route template and status code',
    ['method', 'route', 'status'],
  );

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  bound(requests(), { method, route, status: String(status) }).observe(seconds);
}
