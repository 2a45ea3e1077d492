// Renders helm/tessera with the real helm binary (helm lint + helm template) for several value sets
// and checks what every one of them must give a cluster: each process's Deployment, Service, HPA and
// PDB, probes, resources, non-root pods, secrets only through secretKeyRef, peer URLs, pinned images.
// Expected ports and variables come from the system facts (expectations.ts), not from values.yaml.
import { describe, expect, it } from 'vitest';
import { CHART_DIR, find, get, helm, renderedScenarios } from './helm.js';
import {
  PORTS,
  COMPONENTS,
  SERVICES,
  SECRET_NAMES,
  secretKeyOf,
  deploymentSpec,
  container,
  envOf,
  matches,
  nameOf,
  VALUES_DEV,
  VALUES_PROD,
  FIXTURE,
  SCENARIOS,
} from './expectations.js';
import { generatedKeys } from './identity-job.js';

const rendered = renderedScenarios(SCENARIOS);

describe('helm lint', () => {
  it.each([
    ['default values', []],
    ['dev overlay', ['-f', VALUES_DEV]],
    ['prod overlay + real backends + ingress', ['-f', VALUES_PROD, '-f', FIXTURE]],
  ])('passes with %s', (_label, args) => {
    const res = helm(['lint', CHART_DIR, '--strict', ...args]);
    expect(res.stderr + res.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(res.status).toBe(0);
  });
});

describe.each(SCENARIOS)('helm template with $label', ({ label, release, autoscaled, existingSecret }) => {
  const manifests = () => rendered.get(label)!;

  it.each(COMPONENTS)('renders Deployment, Service, HPA and PDB for %s', (c) => {
    const m = manifests();
    const dep = get(m, 'Deployment', nameOf(release, c));
    const podLabels = deploymentSpec(dep).template.metadata.labels;
    expect(matches(deploymentSpec(dep).selector.matchLabels, podLabels)).toBe(true);

    const svc = get(m, 'Service', nameOf(release, c));
    const svcSpec = svc.spec as {
      selector: Record<string, string>;
      ports: { port: number; targetPort: string }[];
    };
    expect(matches(svcSpec.selector, podLabels)).toBe(true);
    expect(svcSpec.ports).toHaveLength(1);
    expect(svcSpec.ports[0]!.port).toBe(PORTS[c]);
    const targetPort = container(dep).ports.find((p) => p.name === svcSpec.ports[0]!.targetPort);
    expect(targetPort?.containerPort).toBe(PORTS[c]);
    expect(envOf(dep).get('PORT')?.value).toBe(String(PORTS[c]));

    const pdb = get(m, 'PodDisruptionBudget', nameOf(release, c));
    const pdbSpec = pdb.spec as { selector: { matchLabels: Record<string, string> }; minAvailable?: number };
    expect(matches(pdbSpec.selector.matchLabels, podLabels)).toBe(true);

    const hpa = find(m, 'HorizontalPodAutoscaler', nameOf(release, c));
    if (autoscaled) {
      const spec = hpa?.spec as {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
      };
      expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: nameOf(release, c) });
      expect(spec.minReplicas).toBeLessThanOrEqual(spec.maxReplicas);
      // A PDB must never block every eviction.
      if (pdbSpec.minAvailable !== undefined) expect(pdbSpec.minAvailable).toBeLessThan(spec.minReplicas);
    } else {
      expect(hpa).toBeUndefined();
      expect(deploymentSpec(dep).replicas).toBe(1);
      expect(pdbSpec.minAvailable).toBeUndefined();
    }
  });

  it.each(SERVICES)('probes %s over gRPC on its own port', (c) => {
    const ctr = container(get(manifests(), 'Deployment', nameOf(release, c)));
    for (const probe of [ctr.startupProbe, ctr.livenessProbe, ctr.readinessProbe]) {
      expect(probe?.grpc?.port).toBe(PORTS[c]);
      expect(probe?.httpGet).toBeUndefined();
    }
  });

  it('probes the BFF over HTTP: /healthz for liveness, /readyz for readiness', () => {
    const ctr = container(get(manifests(), 'Deployment', nameOf(release, 'bff')));
    const portOf = (p: number | string | undefined) =>
      typeof p === 'number' ? p : ctr.ports.find((x) => x.name === p)?.containerPort;
    expect(ctr.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(ctr.readinessProbe?.httpGet?.path).toBe('/readyz');
    for (const probe of [ctr.startupProbe, ctr.livenessProbe, ctr.readinessProbe]) {
      expect(probe?.grpc).toBeUndefined();
      expect(portOf(probe?.httpGet?.port)).toBe(PORTS.bff);
    }
  });

  it('gives every Deployment resources, a non-root user and a read-only root filesystem', () => {
    const deployments = manifests().filter((m) => m.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThanOrEqual(COMPONENTS.length);
    for (const dep of deployments) {
      const pod = deploymentSpec(dep).template.spec;
      const ctr = container(dep);
      for (const kind of ['requests', 'limits'] as const) {
        expect(ctr.resources?.[kind]?.cpu, `${dep.metadata.name} ${kind}.cpu`).toBeTruthy();
        expect(ctr.resources?.[kind]?.memory, `${dep.metadata.name} ${kind}.memory`).toBeTruthy();
      }
      expect(pod.securityContext?.runAsNonRoot, dep.metadata.name).toBe(true);
      expect(pod.securityContext?.runAsUser ?? ctr.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(ctr.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(ctr.securityContext?.allowPrivilegeEscalation).toBe(false);
      // Writable places on a read-only root: /tmp, and DATA_DIR for the processes.
      const mounts = new Map((ctr.volumeMounts ?? []).map((v) => [v.mountPath, v.name]));
      expect(mounts.has('/tmp'), `${dep.metadata.name} mounts /tmp`).toBe(true);
      const dataDir = envOf(dep).get('DATA_DIR')?.value;
      if (dep.metadata.labels?.['app.kubernetes.io/component'] !== 'nats') {
        expect(dataDir).toBeTruthy();
        expect(mounts.has(dataDir!), `${dep.metadata.name} mounts DATA_DIR`).toBe(true);
      }
      for (const name of mounts.values()) expect(pod.volumes?.some((v) => v.name === name)).toBe(true);
    }
  });

  it('passes secrets only through secretKeyRef to a Secret that has the key', () => {
    const m = manifests();
    for (const dep of m.filter((x) => x.kind === 'Deployment')) {
      for (const env of container(dep).env ?? []) {
        if (!SECRET_NAMES.has(env.name)) continue;
        if (env.name === 'NATS_URL' && env.value !== undefined) {
          // Only the in-release development NATS is passed in clear (no credentials in its URL).
          expect(env.value).toBe(`nats://${nameOf(release, 'nats')}:4222`);
          continue;
        }
        expect(env.value, `${dep.metadata.name} ${env.name} inline`).toBeUndefined();
        const ref = env.valueFrom?.secretKeyRef;
        expect(ref, `${dep.metadata.name} ${env.name}`).toBeDefined();
        const component = dep.metadata.labels?.['app.kubernetes.io/component'] ?? '';
        expect(ref!.key).toBe(secretKeyOf(component, env.name));
        if (ref!.name === `${release === 'tessera' ? 'tessera' : `${release}-tessera`}-identity`) {
          // Created by the chart's hook Job (not rendered): a key that Job generates, required.
          expect(generatedKeys(m)).toContain(ref!.key);
          expect(ref!.optional).toBe(false);
          continue;
        }
        if (existingSecret !== undefined && ref!.name === existingSecret) {
          // Managed elsewhere: the chart cannot know its keys, so a missing key must not block the pod.
          expect(ref!.optional).toBe(true);
          continue;
        }
        const secret = get(m, 'Secret', ref!.name);
        expect(Object.keys(secret.data ?? {})).toContain(ref!.key);
        expect(ref!.optional).toBe(false);
      }
    }
  });

  it('points every peer URL at the peer Service name and port', () => {
    const m = manifests();
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf(release, c)));
      for (const peer of SERVICES.filter((p) => p !== c)) {
        const url = env.get(`${peer.toUpperCase()}_URL`)?.value;
        expect(url, `${c} ${peer.toUpperCase()}_URL`).toBe(`http://${nameOf(release, peer)}:${PORTS[peer]}`);
        const svc = get(m, 'Service', nameOf(release, peer));
        expect((svc.spec as { ports: { port: number }[] }).ports[0]!.port).toBe(PORTS[peer]);
      }
    }
  });

  it('pins every image to a tag or digest other than latest', () => {
    for (const dep of manifests().filter((x) => x.kind === 'Deployment')) {
      const image = container(dep).image;
      const ref = image.slice(image.lastIndexOf('/') + 1);
      const tag = ref.includes('@') ? ref.slice(ref.indexOf('@') + 1) : ref.split(':')[1];
      expect(tag, `${dep.metadata.name} image ${image}`).toBeTruthy();
      expect(tag).not.toBe('latest');
      expect(ref).not.toMatch(/:latest(@|$)/);
    }
  });
});
