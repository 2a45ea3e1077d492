// Renders helm/tessera with the real helm binary and checks value-specific configuration (embedded
// versus real backends, existing Secret, ingress, persistence, development NATS) and the render-time
// guards that refuse unsafe values.
import { describe, expect, it } from 'vitest';
import { CHART_DIR, find, get, helm, renderChart, renderedScenarios } from './helm.js';
import {
  COMPONENTS,
  BACKENDS,
  SECRETS,
  SECRET_NAMES,
  secretKeyOf,
  deploymentSpec,
  container,
  envOf,
  nameOf,
  VALUES_PROD,
  FIXTURE,
  PROD_EXISTING_SECRET,
  SCENARIOS,
  type DeploymentSpec,
} from './expectations.js';

const rendered = renderedScenarios(SCENARIOS);

describe('rendered configuration', () => {
  it('default values: embedded stores pin stateful processes to one replica, the renderer scales', () => {
    const m = rendered.get('default values')!;
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('tessera', c)));
      for (const key of SECRET_NAMES) expect(env.has(key), `${c} ${key}`).toBe(false);
      const hpa = get(m, 'HorizontalPodAutoscaler', nameOf('tessera', c)).spec as { maxReplicas: number };
      expect(hpa.maxReplicas, c).toBe(c === 'renderer' ? 8 : 1);
    }
    expect(get(m, 'Secret', 'tessera-secrets').data ?? {}).toEqual({});
    expect(find(m, 'Ingress', nameOf('tessera', 'bff'))).toBeUndefined();
  });

  it('prod: each process gets exactly its backends and secrets, all from the Secret', () => {
    const m = rendered.get('prod overlay + real backends + ingress')!;
    const secret = get(m, 'Secret', 'prod-tessera-secrets');
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('prod', c)));
      const fromSecret = [...env.values()].filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
      expect(fromSecret.sort(), c).toEqual([...BACKENDS[c], ...SECRETS[c]].sort());
      for (const key of fromSecret) {
        const decoded = Buffer.from(secret.data![secretKeyOf(c, key)]!, 'base64').toString('utf8');
        expect(decoded, `${c} ${key}`).toContain('SENTINEL');
      }
      expect(env.get('OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe('http://otel-collector.observability:4318');
    }
    // No secret value appears in clear text outside the Secret.
    const clear = JSON.stringify(m.filter((x) => x.kind !== 'Secret'));
    expect(clear).not.toContain('SENTINEL');
  });

  it('prod with an existing Secret: backend URLs from the chart Secret, application secrets from the existing one', () => {
    const m = rendered.get('prod overlay + existing Secret')!;
    const chartSecret = get(m, 'Secret', 'prod-tessera-secrets');
    expect(Object.keys(chartSecret.data ?? {}).sort()).toEqual(['MONGODB_URL', 'NATS_URL', 'REDIS_URL']);
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('prod', c)));
      for (const key of BACKENDS[c]) {
        expect(env.get(key)?.valueFrom?.secretKeyRef, `${c} ${key}`).toEqual({
          name: 'prod-tessera-secrets',
          key,
          optional: false,
        });
      }
      for (const key of SECRETS[c]) {
        expect(env.get(key)?.valueFrom?.secretKeyRef, `${c} ${key}`).toEqual({
          name: 'tessera-app-secrets',
          key: secretKeyOf(c, key),
          optional: true,
        });
      }
      const hpa = get(m, 'HorizontalPodAutoscaler', nameOf('prod', c)).spec as { maxReplicas: number };
      expect(hpa.maxReplicas, c).toBeGreaterThan(1);
    }
    expect(JSON.stringify(m.filter((x) => x.kind !== 'Secret'))).not.toContain('SENTINEL');
  });

  it('prod: real backends let every process scale, images come from the registry', () => {
    const m = rendered.get('prod overlay + real backends + ingress')!;
    for (const c of COMPONENTS) {
      const dep = get(m, 'Deployment', nameOf('prod', c));
      expect(dep.metadata.annotations?.['tessera.dev/pinned-to-one-replica']).toBeUndefined();
      const hpa = get(m, 'HorizontalPodAutoscaler', nameOf('prod', c)).spec as {
        minReplicas: number;
        maxReplicas: number;
      };
      expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
      const tag = c === 'renderer' ? '1.4.3' : '1.4.2';
      expect(container(dep).image).toBe(`registry.example.com/tessera/tessera-${c}:${tag}`);
    }
  });

  it('prod: the ingress sends everything to the BFF, which knows its public URL', () => {
    const m = rendered.get('prod overlay + real backends + ingress')!;
    const ingress = get(m, 'Ingress', nameOf('prod', 'bff'));
    const spec = ingress.spec as {
      ingressClassName: string;
      tls: { hosts: string[]; secretName: string }[];
      rules: {
        host: string;
        http: { paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[] };
      }[];
    };
    expect(spec.ingressClassName).toBe('nginx');
    expect(spec.tls).toEqual([{ hosts: ['tessera.example'], secretName: 'tessera-example-tls' }]);
    const backend = spec.rules[0]!.http.paths[0]!.backend.service;
    expect(backend.name).toBe(nameOf('prod', 'bff'));
    const svc = get(m, 'Service', backend.name).spec as { ports: { name: string }[] };
    expect(svc.ports.map((p) => p.name)).toContain(backend.port.name);
    expect(envOf(get(m, 'Deployment', nameOf('prod', 'bff'))).get('PUBLIC_URL')?.value).toBe(
      'https://tessera.example',
    );
    // the ingress is the BFF's trusted proxy: X-Forwarded-For is read from it (and only with it)
    expect(envOf(get(m, 'Deployment', nameOf('prod', 'bff'))).get('TRUST_PROXY')?.value).toBe('1');
    const noIngress = renderChart('tessera', []);
    expect(envOf(get(noIngress, 'Deployment', 'tessera-bff')).has('TRUST_PROXY')).toBe(false);
  });

  it('persistence: DATA_DIR on a ReadWriteOnce claim pins the process to one pod, recreated on update', () => {
    const m = renderChart('tessera', ['--set', 'components.canvas.persistence.enabled=true']);
    const dep = get(m, 'Deployment', 'tessera-canvas');
    const spec = deploymentSpec(dep) as DeploymentSpec & { strategy: { type: string } };
    expect(spec.strategy.type).toBe('Recreate');
    const data = spec.template.spec.volumes?.find((v) => v.name === 'data');
    expect(data?.persistentVolumeClaim).toEqual({ claimName: 'tessera-canvas-data' });
    const pvc = get(m, 'PersistentVolumeClaim', 'tessera-canvas-data').spec as { accessModes: string[] };
    expect(pvc.accessModes).toEqual(['ReadWriteOnce']);
    const hpa = get(m, 'HorizontalPodAutoscaler', 'tessera-canvas').spec as { maxReplicas: number };
    expect(hpa.maxReplicas).toBe(1);
  });

  it('dev: events go through the in-release NATS', () => {
    const m = rendered.get('dev overlay')!;
    get(m, 'Service', nameOf('dev', 'nats'));
    get(m, 'Deployment', nameOf('dev', 'nats'));
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('dev', c)));
      expect(env.get('NATS_URL')?.value).toBe(`nats://${nameOf('dev', 'nats')}:4222`);
      expect(env.has('MONGODB_URL') || env.has('REDIS_URL')).toBe(false);
    }
  });
});

describe('chart guards', () => {
  const failing = (args: string[]) => {
    const res = helm(['template', 'x', CHART_DIR, ...args]);
    expect(res.status).not.toBe(0);
    return res.stderr;
  };

  it('refuses the latest tag', () => {
    expect(failing(['--set', 'components.canvas.image.tag=latest'])).toMatch(/image\/tag|latest/);
    expect(failing(['--set', 'image.tag=latest'])).toMatch(/image\/tag|latest/);
  });

  it('refuses the prod overlay without real backends', () => {
    expect(failing(['-f', VALUES_PROD])).toContain('requireExternal');
  });

  it('refuses to scale a process whose signing key is not shared (strictScaling)', () => {
    const args = ['-f', VALUES_PROD, '-f', FIXTURE, '--set', 'secrets.values.JWT_PRIVATE_KEY='];
    expect(failing(args)).toContain('JWT_PRIVATE_KEY');
  });

  it('refuses secrets.values together with an existing Secret', () => {
    const args = [...PROD_EXISTING_SECRET, '--set', 'secrets.values.SESSION_SECRET=s'];
    expect(failing(args)).toContain('secrets.existingSecret is used');
  });

  it('refuses a secret passed as plain env', () => {
    expect(failing(['--set', 'components.canvas.env.STRIPE_SECRET_KEY=sk'])).toContain('is a secret');
  });
});
