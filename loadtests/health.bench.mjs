#!/usr/bin/env node
// Benchmarks GET /api/health of a running Tessera stack (`npm start`, or a cluster reached through
// `kubectl port-forward svc/tessera-bff 8080:8080`). Loopback targets only.
//
//   BASE_URL=http://127.0.0.1:8080 CONNECTIONS=10 DURATION=10 node loadtests/health.bench.mjs
// Exit code: 0 when every request got a 2xx, 1 when some failed, 2 when the run could not start.
import { formatTable, runScenario } from './lib/harness.mjs';

try {
  const result = await runScenario({
    name: 'GET /api/health',
    baseUrl: process.env.BASE_URL || 'http://127.0.0.1:8080',
    path: '/api/health',
    connections: process.env.CONNECTIONS || 10,
    durationSeconds: process.env.DURATION || 10,
  });
  console.log(formatTable([result]));
  if (!result.ok) console.error('some requests failed (see non-2xx / errors)');
  process.exitCode = result.ok ? 0 : 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
