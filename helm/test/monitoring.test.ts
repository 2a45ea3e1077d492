// The chart's monitoring: every component's metrics port (container port `metrics`, METRICS_PORT,
// prometheus.io annotations), the Grafana dashboard ConfigMap, and the PrometheusRule and PodMonitor
// (off by default: they need the prometheus-operator CRDs), each carrying the files in
// helm/tessera/files/ unchanged. The queries themselves are checked against a real Prometheus in
// integration/metrics/prometheus.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHART_DIR, find, get, renderChart, type Manifest } from './helm.js';
import { COMPONENTS, container, deploymentSpec, envOf, matches, nameOf } from './expectations.js';

const DASHBOARD = fs.readFileSync(path.join(CHART_DIR, 'files/dashboards/tessera.json'), 'utf8');
const RULES = parse(
  fs.readFileSync(path.join(CHART_DIR, 'files/alerts/tessera-rules.yaml'), 'utf8'),
) as unknown;

const defaults = renderChart('tessera');
const operator = renderChart('tessera', [
  '--set',
  'monitoring.prometheusRule.enabled=true',
  '--set',
  'monitoring.podMonitor.enabled=true',
  '--set',
  'monitoring.metricsPort=9500',
]);
const podAnnotations = (m: Manifest) =>
  (m.spec as { template: { metadata: { annotations?: Record<string, string> } } }).template.metadata
    .annotations ?? {};

describe('monitoring', () => {
  it.each([
    ['default values', defaults, 9464],
    ['metricsPort 9500', operator, 9500],
  ] as const)(
    '%s: every component serves metrics on its own named port, announced to scrapers',
    (_, m, port) => {
      for (const c of COMPONENTS) {
        const dep = get(m, 'Deployment', nameOf('tessera', c));
        const ctr = container(dep);
        expect(ctr.ports.find((p) => p.name === 'metrics')?.containerPort, c).toBe(port);
        expect(
          ctr.ports.filter((p) => p.containerPort === port),
          c,
        ).toHaveLength(1);
        expect(envOf(dep).get('METRICS_PORT')?.value, c).toBe(String(port));
        expect(podAnnotations(dep), c).toMatchObject({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(port),
          'prometheus.io/path': '/metrics',
        });
      }
    },
  );

  it('ships the dashboard for the Grafana sidecar; no operator objects by default', () => {
    const cm = get(defaults, 'ConfigMap', 'tessera-dashboard');
    expect(cm.metadata.labels?.grafana_dashboard).toBe('1');
    expect(JSON.parse(cm.data!['tessera.json']!)).toEqual(JSON.parse(DASHBOARD));
    expect(defaults.filter((x) => x.kind === 'PrometheusRule' || x.kind === 'PodMonitor')).toEqual([]);
  });

  it('with the operator: the alert rules as a PrometheusRule and a PodMonitor of every component', () => {
    expect(get(operator, 'PrometheusRule', 'tessera').spec).toEqual(RULES);
    const pm = get(operator, 'PodMonitor', 'tessera').spec as {
      selector: { matchLabels: Record<string, string> };
      podMetricsEndpoints: { port: string; path: string }[];
    };
    expect(pm.podMetricsEndpoints).toMatchObject([{ port: 'metrics', path: '/metrics' }]);
    for (const c of COMPONENTS) {
      const labels = deploymentSpec(get(operator, 'Deployment', nameOf('tessera', c))).template.metadata
        .labels;
      expect(matches(pm.selector.matchLabels, labels), c).toBe(true);
    }
  });

  it('admits the scrapers to the metrics port only, beside the default deny', () => {
    const np = get(defaults, 'NetworkPolicy', 'tessera-metrics').spec as {
      ingress: { from: unknown[]; ports: { port: number }[] }[];
    };
    expect(np.ingress).toHaveLength(1);
    expect(np.ingress[0]!.ports).toEqual([{ port: 9464, protocol: 'TCP' }]);
    expect(np.ingress[0]!.from.length).toBeGreaterThan(0);
    const off = renderChart('tessera', ['--set', 'networkPolicy.enabled=false']);
    expect(find(off, 'NetworkPolicy', 'tessera-metrics')).toBeUndefined();
  });
});
