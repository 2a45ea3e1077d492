// deploy/compose.yaml (the real backends for a local Tessera) checked without Docker: every image is
// pinned to a version, every file it mounts is there (or is one the chart ships), the tools are wired
// to one another, and deploy/local-backends.env points the product at them with variables the
// processes really read (recorded by running their configuration readers, helm/test/process-config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { METRICS_ORDER, METRICS_PORTS, PORTS, SERVICES } from '@tessera/facts/ports';
import { directEnvReads, readsOf, validatorOf } from '../../helm/test/process-config.js';

/** The processes with a NATS user: the six services and the BFF. */
const PROCESSES_ON_NATS = [...SERVICES, 'bff'];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEPLOY = path.join(ROOT, 'deploy');
const CHART_FILES = path.join(ROOT, 'helm/tessera/files');

interface ComposeService {
  image: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: string[];
  command?: string[];
  env_file?: string[];
  network_mode?: string;
  extra_hosts?: string[];
}
const compose = parse(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = Object.entries(compose.services);
const env = Object.fromEntries(
  fs
    .readFileSync(path.join(DEPLOY, 'local-backends.env'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
/** The bind mounts of a service: host path (absolute) and container path. */
const binds = (s: ComposeService) =>
  (s.volumes ?? [])
    .map((v) => v.split(':'))
    .filter(([src]) => src!.startsWith('.'))
    .map(([src, dst]) => ({ src: path.resolve(DEPLOY, src!), dst: dst! }));
const hostPorts = new Set(services.flatMap(([, s]) => (s.ports ?? []).map((p) => Number(p.split(':')[0]))));

describe('deploy/compose.yaml', () => {
  it('runs MongoDB, Redis, NATS with JetStream, a collector, a trace viewer, Prometheus and Grafana', () => {
    const image = (name: string) => compose.services[name]?.image ?? '';
    expect(image('mongodb')).toMatch(/^mongo:/);
    expect(image('redis')).toMatch(/^redis:/);
    expect(image('nats')).toMatch(/^nats:/);
    expect(JSON.stringify(compose.services.nats)).toContain('--jetstream');
    expect(image('otel-collector')).toMatch(/^otel\/opentelemetry-collector/);
    expect(image('jaeger')).toMatch(/^jaegertracing\/all-in-one:/);
    expect(image('prometheus')).toMatch(/^prom\/prometheus:/);
    expect(image('grafana')).toMatch(/^grafana\/grafana:/);
  });

  it('pins every image to a full version (or a digest), never latest', () => {
    for (const [name, s] of services) {
      expect(s.image, name).toMatch(/^[a-z0-9./-]+(:v?\d+\.\d+\.\d+)?(@sha256:[0-9a-f]{64})?$/);
      expect(s.image, name).toMatch(/:v?\d+\.\d+\.\d+|@sha256:/);
    }
  });

  it('mounts files that exist, or that the chart ships (dashboards, alert rules)', () => {
    for (const [name, s] of services)
      for (const { src } of binds(s))
        expect(fs.existsSync(src) || src.startsWith(CHART_FILES + path.sep), `${name}: ${src}`).toBe(true);
    const named = services.flatMap(([, s]) => (s.volumes ?? []).filter((v) => !v.startsWith('.')));
    for (const v of named) expect(compose.volumes, v).toHaveProperty(v.split(':')[0]!);
  });

  it('wires the tools: collector to Jaeger, Prometheus to the chart rules, Grafana to the chart dashboard', () => {
    const collector = compose.services['otel-collector']!;
    expect(binds(collector).map((b) => b.src)).toContain(path.join(DEPLOY, 'otel-collector.yaml'));
    expect(collector.environment?.OTLP_EXPORT_ENDPOINT).toBe('jaeger:4317');

    const prometheus = compose.services.prometheus!;
    const rules = binds(prometheus).find(
      (b) => b.src === path.join(CHART_FILES, 'alerts/tessera-rules.yaml'),
    );
    expect(rules).toBeDefined();
    const config = parse(fs.readFileSync(path.join(DEPLOY, 'prometheus.yaml'), 'utf8')) as {
      rule_files: string[];
    };
    const globs = config.rule_files.map(
      (g) => new RegExp(`^${g.replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`),
    );
    expect(globs.some((g) => g.test(rules!.dst))).toBe(true);

    const grafana = compose.services.grafana!;
    const dashboards = binds(grafana).find((b) => b.src === path.join(CHART_FILES, 'dashboards'));
    const provider = parse(
      fs.readFileSync(path.join(DEPLOY, 'grafana/provisioning/dashboards/tessera.yaml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    expect(dashboards!.dst.startsWith(provider.providers[0]!.options.path + '/')).toBe(true);
    const sources = parse(
      fs.readFileSync(path.join(DEPLOY, 'grafana/provisioning/datasources/tessera.yaml'), 'utf8'),
    ) as { datasources: { type: string; url: string }[] };
    for (const ds of sources.datasources) {
      const { hostname, port } = new URL(ds.url);
      if (hostname === 'host.docker.internal') {
        // a tool on the host's network: Grafana maps the name, and that tool listens on the port
        expect(grafana.extra_hosts).toContain('host.docker.internal:host-gateway');
        expect(compose.services.prometheus!.network_mode).toBe('host');
        expect(port).toBe('9090');
      } else expect(compose.services, ds.url).toHaveProperty(hostname);
    }
  });

  it('scrapes every Tessera process that `npm start` runs on the backends, on its metrics port', () => {
    const config = parse(fs.readFileSync(path.join(DEPLOY, 'prometheus.yaml'), 'utf8')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const targets = config.scrape_configs
      .find((j) => j.job_name === 'tessera')!
      .static_configs.flatMap((c) => c.targets);
    // with NATS_URL (local-backends.env) start.mjs runs no embedded broker
    expect(env.NATS_URL).toBeDefined();
    const processes = METRICS_ORDER.filter((p) => p !== 'broker');
    expect(targets.sort()).toEqual(processes.map((p) => `127.0.0.1:${METRICS_PORTS[p]}`).sort());
    // the processes bind 127.0.0.1 on the host: only a Prometheus on the host's network reaches them
    expect(compose.services.prometheus!.network_mode).toBe('host');
  });

  it("runs NATS with the chart's authorization: one user per process, passwords from local-backends.env", () => {
    const nats = compose.services.nats!;
    const conf = binds(nats).find((b) => b.src === path.join(CHART_FILES, 'nats-authorization.conf'));
    expect(conf).toBeDefined();
    const args = nats.command!;
    expect(args[args.indexOf('--config') + 1]).toBe(conf!.dst);
    expect(nats.env_file).toEqual(['./local-backends.env']);
    const authorization = fs.readFileSync(path.join(CHART_FILES, 'nats-authorization.conf'), 'utf8');
    const users = [...authorization.matchAll(/user: "([a-z]+)"\s+password: \$(NATS_PASSWORD_[A-Z]+)/g)];
    expect(users.length).toBe(PROCESSES_ON_NATS.length);
    for (const [, user, variable] of users) {
      expect(variable).toBe(`NATS_PASSWORD_${user!.toUpperCase()}`);
      expect(env[variable!], variable).toMatch(/^\S{8,}$/);
    }
    expect(Object.keys(env).filter((k) => k.startsWith('NATS_PASSWORD_')).length).toBe(users.length);
  });

  it('points the product at the backends with variables the processes read, on published ports', async () => {
    const read = new Set<string>(directEnvReads(path.join(ROOT, 'services/kit/src')));
    for (const c of [...Object.keys(PORTS).filter((p) => p !== 'broker')])
      for (const v of readsOf(await validatorOf(c))) read.add(v);
    expect(Object.keys(env).length).toBeGreaterThan(0);
    // NATS_PASSWORD_<PROCESS> is read by start.mjs (each process's NATS user), checked above
    for (const [name, value] of Object.entries(env).filter(([k]) => !k.startsWith('NATS_PASSWORD_'))) {
      expect(read.has(name), `${name} is not read by any process`).toBe(true);
      const port = Number(new URL(value).port);
      expect(hostPorts.has(port), `${name}: port ${port} is not published by compose`).toBe(true);
    }
  });
});
