// A small evaluator of Kubernetes NetworkPolicy semantics over rendered manifests, so the tests can
// ask "may this pod open a connection to that pod (or address) on this port?" instead of comparing
// YAML shapes. It follows the API's rules: a pod is isolated for a direction when a policy with that
// policy type selects it; an isolated pod allows what the union of its policies' rules allows; a
// connection needs the source's egress and the destination's ingress. Named ports are refused (the
// chart uses numbers), and ipBlock matches addresses only (the tests give pods no address).
import type { Manifest } from './helm.js';

/** The namespace `helm template` renders into (no --namespace): every release pod lives here. */
export const RELEASE_NS = 'default';

export interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}
export interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
export interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}
export interface PolicySpec {
  podSelector: Selector;
  policyTypes?: ('Ingress' | 'Egress')[];
  ingress?: Rule[];
  egress?: Rule[];
}

/** A pod (namespace, its namespace's labels, its labels) or a bare IPv4 address. */
export type Endpoint =
  | { pod: { namespace: string; nsLabels: Record<string, string>; labels: Record<string, string> } }
  | { ip: string };

/** A pod with `labels` in `namespace`, whose namespace carries its standard name label. */
export const podIn = (namespace: string, labels: Record<string, string>): Endpoint => ({
  pod: { namespace, nsLabels: { 'kubernetes.io/metadata.name': namespace }, labels },
});

export const releasePod = (labels: Record<string, string>): Endpoint => podIn(RELEASE_NS, labels);

export function selectorMatches(sel: Selector | undefined, labels: Record<string, string>): boolean {
  if (!sel) return true;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of sel.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const inValues = has && (e.values ?? []).includes(labels[e.key]!);
    const ok = { In: inValues, NotIn: !inValues, Exists: has, DoesNotExist: !has }[e.operator];
    if (!ok) return false;
  }
  return true;
}

function ipv4(ip: string): number {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new Error(`not an IPv4 address: ${ip}`);
  }
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const n = Number(bits);
  if (base === undefined || !Number.isInteger(n) || n < 0 || n > 32) throw new Error(`bad CIDR ${cidr}`);
  const size = 2 ** (32 - n);
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

function peerMatches(peer: Peer, ep: Endpoint): boolean {
  if (peer.ipBlock) {
    if (!('ip' in ep)) return false;
    const { cidr, except = [] } = peer.ipBlock;
    return inCidr(ep.ip, cidr) && !except.some((x) => inCidr(ep.ip, x));
  }
  if (!('pod' in ep)) return false;
  const nsOk = peer.namespaceSelector
    ? selectorMatches(peer.namespaceSelector, ep.pod.nsLabels)
    : ep.pod.namespace === RELEASE_NS;
  return nsOk && selectorMatches(peer.podSelector ?? {}, ep.pod.labels);
}

function portMatches(ports: PolicyPort[] | undefined, port: number, protocol: string): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if (typeof p.port === 'string') throw new Error(`named port ${p.port}: the chart must use numbers`);
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    return p.endPort === undefined ? p.port === port : port >= p.port && port <= p.endPort;
  });
}

export const policiesOf = (manifests: readonly Manifest[]) =>
  manifests.filter((m) => m.kind === 'NetworkPolicy').map((m) => m.spec as unknown as PolicySpec);

function typesOf(p: PolicySpec): string[] {
  return p.policyTypes ?? (p.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

/** Whether `subject`'s policies for `dir` let it talk to `other` (ingress: from; egress: to). */
function directionAllows(
  policies: readonly PolicySpec[],
  subject: Endpoint,
  other: Endpoint,
  dir: 'Ingress' | 'Egress',
  port: number,
  protocol: string,
): boolean {
  if (!('pod' in subject)) return true; // addresses outside the cluster are not governed here
  if (subject.pod.namespace !== RELEASE_NS) return true; // the chart's policies are namespaced
  const applicable = policies.filter(
    (p) => typesOf(p).includes(dir) && selectorMatches(p.podSelector, subject.pod.labels),
  );
  if (applicable.length === 0) return true; // not isolated
  return applicable.some((p) =>
    (dir === 'Ingress' ? p.ingress : p.egress)?.some((rule) => {
      const peers = dir === 'Ingress' ? rule.from : rule.to;
      const peerOk = !peers || peers.length === 0 || peers.some((x) => peerMatches(x, other));
      return peerOk && portMatches(rule.ports, port, protocol);
    }),
  );
}

/** May `from` open a connection to `to` on `port`? */
export function allows(
  manifests: readonly Manifest[],
  from: Endpoint,
  to: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const policies = policiesOf(manifests);
  return (
    directionAllows(policies, from, to, 'Egress', port, protocol) &&
    directionAllows(policies, to, from, 'Ingress', port, protocol)
  );
}
