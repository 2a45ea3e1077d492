// Renders helm/tessera with the real helm binary and evaluates its NetworkPolicies (netpol-eval.ts)
// against the trust table itself (services/facts/src/trust.ts, imported here as TypeScript): for every service
// the set of processes whose connections its policies admit must be exactly callersOf(service); the
// BFF admits only the Ingress controller; the development NATS only the processes that publish or
// subscribe; egress reaches a store only from its owners. A stale files/trust.yaml, an edited
// template or an edited table all make these tests fail.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLERS, callersOf, EVENT_PERMISSIONS, type CallerName } from '@tessera/facts/trust';
import { SERVICES as FACT_SERVICES } from '@tessera/facts/ports';
import { renderTrust, TRUST_FILE } from '../trust.mjs';
import { get, renderChart, renderedScenarios, type Manifest } from './helm.js';
import {
  BACKENDS,
  COMPONENTS,
  FIXTURE,
  PORTS,
  SCENARIOS,
  SERVICES,
  VALUES_PROD,
  deploymentSpec,
  nameOf,
} from './expectations.js';
import { allows, podIn, releasePod, RELEASE_NS, type Endpoint } from './netpol-eval.js';

const rendered = renderedScenarios(SCENARIOS);

const BUS_USERS = Object.entries(EVENT_PERMISSIONS)
  .filter(([, p]) => p.publish.length > 0 || p.subscribe.length > 0)
  .map(([name]) => name);

/** Pod labels of a process: a component's from its rendered Deployment; ops' as NOTES.txt documents. */
function podOf(m: readonly Manifest[], release: string, who: CallerName | 'nats'): Endpoint {
  if (who === 'ops') {
    return releasePod({
      'app.kubernetes.io/name': 'tessera',
      'app.kubernetes.io/instance': release,
      'app.kubernetes.io/component': 'ops',
    });
  }
  return releasePod(deploymentSpec(get(m, 'Deployment', nameOf(release, who))).template.metadata.labels);
}
const INGRESS_NS = 'ingress-nginx';
const INGRESS_CONTROLLER = podIn(INGRESS_NS, { 'app.kubernetes.io/name': 'ingress-nginx' });
/** Pods that must never get in: another app in the namespace, a BFF of another release, any pod elsewhere. */
const strangers = (release: string): [string, Endpoint][] => [
  ['another app', releasePod({ app: 'other' })],
  [
    'bff of another release',
    releasePod({
      'app.kubernetes.io/name': 'tessera',
      'app.kubernetes.io/instance': `${release}-other`,
      'app.kubernetes.io/component': 'bff',
    }),
  ],
  ['a pod in the ingress namespace', podIn(INGRESS_NS, {})],
];

/** Every process that could knock, by name. */
function sources(m: readonly Manifest[], release: string, withNats: boolean): [string, Endpoint][] {
  return [
    ...CALLERS.map((c): [string, Endpoint] => [c, podOf(m, release, c)]),
    ...(withNats ? [['nats', podOf(m, release, 'nats')] as [string, Endpoint]] : []),
    ['ingress controller', INGRESS_CONTROLLER],
    ...strangers(release),
  ];
}

const admitted = (m: readonly Manifest[], release: string, target: Endpoint, port: number, nats: boolean) =>
  sources(m, release, nats)
    .filter(([, from]) => allows(m, from, target, port))
    .map(([name]) => name);

describe('files/trust.yaml', () => {
  it('is generated from the trust table (node helm/trust.mjs --write)', () => {
    const want = renderTrust({ services: FACT_SERVICES, callersOf, eventPermissions: EVENT_PERMISSIONS });
    expect(fs.readFileSync(TRUST_FILE, 'utf8')).toBe(want);
  });
});

describe('the bus users', () => {
  it('include every process the chart gives NATS_URL (else the NATS policy would stop it starting)', () => {
    for (const c of COMPONENTS) {
      if (BACKENDS[c].includes('NATS_URL')) expect(BUS_USERS, c).toContain(c);
    }
  });
});

describe.each(SCENARIOS)('NetworkPolicies with $label', ({ label, release }) => {
  const m = () => rendered.get(label)!;
  const hasNats = () =>
    m().some((x) => x.kind === 'Deployment' && x.metadata.name === nameOf(release, 'nats'));

  it('isolates every pod of the release and gives every component its own policy', () => {
    const deployments = m().filter((x) => x.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThanOrEqual(COMPONENTS.length);
    const policies = m().filter((x) => x.kind === 'NetworkPolicy');
    const deny = get(m(), 'NetworkPolicy', `${nameOf(release, 'default-deny')}`).spec as {
      podSelector: { matchLabels: Record<string, string> };
      ingress?: unknown[];
      egress?: unknown[];
      policyTypes: string[];
    };
    expect(deny.ingress ?? []).toEqual([]);
    expect(deny.egress ?? []).toEqual([]);
    expect(deny.policyTypes).toEqual(['Ingress', 'Egress']);
    for (const dep of deployments) {
      const labels = deploymentSpec(dep).template.metadata.labels;
      for (const [k, v] of Object.entries(deny.podSelector.matchLabels)) expect(labels[k], k).toBe(v);
      const own = policies.find((p) => p.metadata.name === dep.metadata.name);
      expect(own, `NetworkPolicy ${dep.metadata.name}`).toBeDefined();
      expect((own!.spec as { podSelector: unknown }).podSelector).toEqual({
        matchLabels: deploymentSpec(dep).selector.matchLabels,
      });
    }
  });

  it('admits to each service exactly its callers (callersOf), on its gRPC port only', () => {
    const actual: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const s of SERVICES) {
      const target = podOf(m(), release, s);
      actual[s] = admitted(m(), release, target, PORTS[s], hasNats());
      expected[s] = callersOf(s);
      // the port is the only door: a caller cannot reach the service on another port
      for (const c of callersOf(s))
        expect(allows(m(), podOf(m(), release, c), target, 9090), `${c}->${s}:9090`).toBe(false);
    }
    expect(actual).toEqual(expected);
  });

  it('admits to the BFF only the Ingress controller, on its HTTP port', () => {
    const bff = podOf(m(), release, 'bff');
    expect(admitted(m(), release, bff, PORTS.bff, hasNats())).toEqual(['ingress controller']);
    expect(allows(m(), INGRESS_CONTROLLER, bff, 50051)).toBe(false);
  });

  it('lets each process reach exactly the services it calls, and DNS', () => {
    const dns = podIn('kube-system', { 'k8s-app': 'kube-dns' });
    for (const c of CALLERS) {
      const from = podOf(m(), release, c);
      const reached = SERVICES.filter((s) => allows(m(), from, podOf(m(), release, s), PORTS[s]));
      expect(reached, c).toEqual(SERVICES.filter((s) => callersOf(s).includes(c)));
      expect(allows(m(), from, dns, 53, 'UDP'), `${c} DNS`).toBe(true);
      expect(allows(m(), from, { ip: '203.0.113.7' }, 5432), `${c} -> arbitrary address`).toBe(false);
    }
  });

  it('admits to the development NATS only the processes that publish or subscribe', () => {
    if (!hasNats()) return expect(label).not.toBe('dev overlay');
    const nats = podOf(m(), release, 'nats');
    expect(admitted(m(), release, nats, 4222, true).sort()).toEqual([...BUS_USERS].sort());
    expect(admitted(m(), release, nats, 8222, true)).toEqual([]);
  });
});

describe('egress to external backends', () => {
  // The fixture places MongoDB in 10.20.1.0/24, Redis in 10.20.2.0/24 and NATS in 10.20.3.0/24.
  const STORES = [
    { key: 'MONGODB_URL', ip: '10.20.1.9', port: 27017 },
    { key: 'REDIS_URL', ip: '10.20.2.9', port: 6379 },
  ];

  it('prod: only a store owner reaches its store; only bus users reach NATS; all reach the collector', () => {
    const m = rendered.get('prod overlay + real backends + ingress')!;
    const collector = podIn('observability', { 'app.kubernetes.io/name': 'opentelemetry-collector' });
    for (const c of CALLERS) {
      const from = podOf(m, 'prod', c);
      const owns = (key: string) => c !== 'ops' && BACKENDS[c].includes(key);
      for (const s of STORES) {
        expect(allows(m, from, { ip: s.ip }, s.port), `${c} -> ${s.key}`).toBe(owns(s.key));
        // an owner reaches its store's address on the store's port only, and no other store range
        expect(allows(m, from, { ip: s.ip }, 22), `${c} -> ${s.key}:22`).toBe(false);
        expect(allows(m, from, { ip: '10.20.9.9' }, s.port), `${c} -> outside ${s.key}`).toBe(false);
      }
      expect(allows(m, from, { ip: '10.20.3.9' }, 4222), `${c} -> NATS`).toBe(BUS_USERS.includes(c));
      expect(allows(m, from, collector, 4318), `${c} -> collector`).toBe(true);
      expect(allows(m, from, { ip: '10.20.1.9' }, 4318), `${c} -> collector port elsewhere`).toBe(false);
    }
  });

  it('dev (embedded stores): nobody reaches a store port anywhere', () => {
    const m = rendered.get('dev overlay')!;
    for (const c of CALLERS) {
      for (const port of [27017, 6379, 4222]) {
        expect(allows(m, podOf(m, 'dev', c), { ip: '10.20.1.9' }, port), `${c} :${port}`).toBe(false);
      }
    }
  });

  it('a store without an address: its owners may use its port anywhere, the others nowhere', () => {
    const args = ['-f', VALUES_PROD, '-f', FIXTURE, '--set-json', 'networkPolicy.egress.redis.cidrs=[]'];
    const m = renderChart('prod', args);
    for (const c of COMPONENTS) {
      expect(allows(m, podOf(m, 'prod', c), { ip: '192.0.2.1' }, 6379), c).toBe(
        BACKENDS[c].includes('REDIS_URL'),
      );
    }
  });
});

describe('NetworkPolicy values', () => {
  it('networkPolicy.enabled=false renders none; egress.enabled=false isolates ingress only', () => {
    const none = renderChart('tessera', ['--set', 'networkPolicy.enabled=false']);
    expect(none.filter((x) => x.kind === 'NetworkPolicy')).toEqual([]);
    const m = renderChart('tessera', ['--set', 'networkPolicy.egress.enabled=false']);
    const deny = get(m, 'NetworkPolicy', 'tessera-default-deny').spec as { policyTypes: string[] };
    expect(deny.policyTypes).toEqual(['Ingress']);
    expect(allows(m, podOf(m, 'tessera', 'identity'), { ip: '10.20.1.9' }, 27017)).toBe(true);
    expect(allows(m, podOf(m, 'tessera', 'identity'), podOf(m, 'tessera', 'canvas'), PORTS.canvas)).toBe(
      false,
    );
  });

  it('the Ingress controller selector and kubelet ranges are configurable', () => {
    const m = renderChart('tessera', [
      '--set',
      'networkPolicy.ingressController.namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=traefik',
      '--set',
      'networkPolicy.ingressController.podSelector.matchLabels.app\\.kubernetes\\.io/name=traefik',
      '--set',
      'networkPolicy.kubeletCIDRs={10.0.0.0/16}',
    ]);
    const traefik = podIn('traefik', {
      'app.kubernetes.io/name': 'traefik',
      'app.kubernetes.io/instance': 'traefik',
    });
    const bff = podOf(m, 'tessera', 'bff');
    expect(allows(m, traefik, bff, PORTS.bff)).toBe(true);
    expect(allows(m, INGRESS_CONTROLLER, bff, PORTS.bff)).toBe(false);
    for (const c of COMPONENTS) {
      expect(allows(m, { ip: '10.0.3.4' }, podOf(m, 'tessera', c), PORTS[c]), `kubelet -> ${c}`).toBe(true);
    }
    expect(RELEASE_NS).toBe('default');
  });
});
