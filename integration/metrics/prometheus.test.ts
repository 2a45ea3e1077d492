/**
 * The dashboards and alerts against a real Prometheus (Debian's `prometheus` binary): the whole
 * product runs as `npm start` runs it (a thread per process, each with its metrics port), one user
 * signs up and buys pixels through /api (lock, intent, sandbox card 4242, save), Prometheus scrapes
 * the eight processes every second, and then every query of the Grafana dashboard and every alert
 * rule (read from helm/tessera/files/) is run through its HTTP API: each returns at least one series,
 * so none names a metric or label that does not exist. The alert rules are loaded as Prometheus
 * loads them and evaluate without error. The business figures match the purchase, and the BFF's
 * metrics-like paths never answer with the web app's HTML.
 *
 * Without a `prometheus` binary the suite is skipped and says so (`apt-get install prometheus`;
 * .ci/run installs it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsPorts, METRICS_ORDER } from '@tessera/facts/ports';
import { closedPort, eventually } from '@tessera/kit/testing';
import { buyPixels } from '../../testing/purchase-flow.mjs';
import { startStack, type RunningStack } from '../../scripts/lib/launch-stack.mjs';
import { apiOf, json, register } from '../../testing/user-flow.js';
import { requireBuild } from '../../testing/trust-stack.js';
import { startPrometheus, prometheusBinary, type Prometheus } from './prometheus.js';
import { alertQueries, dashboardQueries, RULES_FILE } from './queries.js';

const binary = prometheusBinary();
if (!binary) console.log('not run: dashboard and alert queries against Prometheus (no prometheus binary)');

const PIXELS = [
  { x: 3, y: 4 },
  { x: 4, y: 4 },
  { x: 5, y: 4, color: '#123456' },
];

describe.skipIf(!binary)('dashboards and alerts on a real Prometheus', () => {
  let stack: RunningStack;
  let prometheus: Prometheus;
  let metricsUrls: string[] = [];
  let canvas = 0;
  let totalCents = 0;

  beforeAll(async () => {
    requireBuild();
    stack = await startStack({});
    const ports = metricsPorts(stack.portBase);
    metricsUrls = METRICS_ORDER.map((p) => `127.0.0.1:${ports[p]}`);
    prometheus = await startPrometheus({
      binary: binary!,
      port: await closedPort(),
      targets: metricsUrls,
      ruleFile: RULES_FILE,
    });
    const buyer = await register(stack.url, 'metrics');
    canvas = json(await buyer.http.get('/api/canvases/active')).data[0].canvas_index as number;
    ({ totalCents } = await buyPixels(apiOf(buyer), { canvas, board: 33, pixels: PIXELS }));
  }, 120_000);

  afterAll(async () => {
    await prometheus?.stop();
    await stack?.stop();
  });

  const value = async (expr: string) => {
    const r = await prometheus.query(expr);
    return r.length === 1 ? Number(r[0]!.value[1]) : NaN;
  };

  it('scrapes every process on its own metrics port, each series labelled with its process', async () => {
    await eventually(async () => {
      const targets = await prometheus.targets();
      return targets.length === METRICS_ORDER.length && targets.every((t) => t.health === 'up');
    }, 30_000);
    const processes = await prometheus.query('count by (process) (process_resident_memory_bytes)');
    expect(processes.map((s) => s.metric.process).sort()).toEqual([...METRICS_ORDER].sort());
  });

  it('counts the purchase: one order granted, its cents as revenue, its pixels on its canvas', async () => {
    await eventually(async () => (await value('sum(tessera_orders_total{outcome="granted"})')) === 1, 30_000);
    expect(await value('sum(tessera_orders_total{outcome="created"})')).toBe(1);
    expect(await value('sum(tessera_revenue_cents_total)')).toBe(totalCents);
    expect(await value(`sum(tessera_pixels_sold_total{canvas="${canvas}"})`)).toBe(PIXELS.length);
    expect(await value('sum(tessera_lock_events_total{kind="acquired"})')).toBe(1);
    expect(await value('sum(tessera_refunds_cents_total)')).toBe(0);
  });

  it('answers every dashboard query with at least one series', async () => {
    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThan(20);
    for (const q of queries) {
      // rates need two scrapes after the purchase: wait for the series, not for a time
      await eventually(async () => (await prometheus.query(q.expr)).length > 0, 30_000).catch(() => {
        throw new Error(`${q.name} returned no series: ${q.expr}`);
      });
    }
    console.log(`${queries.length} dashboard queries answered`);
  });

  it('answers every alert query with at least one series, and every rule evaluates without error', async () => {
    const alerts = alertQueries();
    expect(alerts.length).toBeGreaterThanOrEqual(8);
    for (const a of alerts) {
      await prometheus.query(a.expr); // parses and evaluates (healthy: usually no series)
      await eventually(async () => (await prometheus.query(a.measured)).length > 0, 30_000).catch(() => {
        throw new Error(`${a.name} measures nothing: ${a.measured}`);
      });
    }
    await eventually(async () => {
      const rules = await prometheus.rules();
      return rules.length === alerts.length && rules.every((r) => r.health === 'ok');
    }, 30_000);
    console.log(`${alerts.length} alert queries answered`);
  });

  it('never answers a metrics-like path of the BFF with HTML', async () => {
    for (const p of [
      '/metrics',
      '/metrics/',
      '/api/metrics',
      '/prometheus',
      '/federate',
      '/actuator/prometheus',
    ]) {
      const res = await fetch(`${stack.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).not.toMatch(/html/);
      expect(await res.text(), p).not.toMatch(/<html|<!doctype/i);
    }
  });
});
