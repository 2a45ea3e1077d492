// Expectations shared by the chart tests: the system facts (ports, environment per process), the
// shapes of the rendered objects the tests read, and the value combinations they render.
import path from 'node:path';
import { BFF_PORT, SERVICE_PORTS } from '@tessera/facts/ports';
import { expect } from 'vitest';
import { CHART_DIR, type Manifest } from './helm.js';

/** The chart's components (the embedded broker is not one: the chart uses NATS JetStream). */
export const PORTS = { ...SERVICE_PORTS, bff: BFF_PORT } as const;
export type Component = keyof typeof PORTS;
export const COMPONENTS = Object.keys(PORTS) as Component[];
export const SERVICES = COMPONENTS.filter((c) => c !== 'bff');

/** Which backend URL and which secret each process receives (the lead's environment table). */
export const BACKENDS: Record<Component, string[]> = {
  identity: ['MONGODB_URL', 'NATS_URL'],
  canvas: ['MONGODB_URL', 'NATS_URL'],
  lock: ['REDIS_URL', 'NATS_URL'],
  payment: ['MONGODB_URL', 'NATS_URL'],
  renderer: ['REDIS_URL', 'NATS_URL'],
  submission: ['MONGODB_URL', 'NATS_URL'],
  bff: ['REDIS_URL', 'NATS_URL'],
};
export const STRIPE = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];
/**
 * Service identity (issue 9): each process's own key, the published keys (services only: the BFF
 * verifies nobody) and its NATS password. Each process reads them as SERVICE_KEY, SERVICE_JWKS and
 * NATS_PASSWORD from its own key of the Secret (secretKeyOf).
 */
const identity = (c: string) =>
  c === 'bff' ? ['SERVICE_KEY', 'NATS_PASSWORD'] : ['SERVICE_KEY', 'SERVICE_JWKS', 'NATS_PASSWORD'];
export const SECRETS: Record<Component, string[]> = {
  identity: ['SMTP_URL', 'JWT_PRIVATE_KEY', ...identity('identity')],
  canvas: identity('canvas'),
  lock: identity('lock'),
  payment: [...STRIPE, ...identity('payment')],
  renderer: identity('renderer'),
  submission: ['UPLOAD_SIGNING_SECRET', ...identity('submission')],
  bff: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'SESSION_SECRET', ...identity('bff')],
};
export const SECRET_NAMES = new Set([
  ...Object.values(SECRETS).flat(),
  'MONGODB_URL',
  'REDIS_URL',
  'NATS_URL',
]);
/** The Secret key a component's variable comes from: its own copy for SERVICE_KEY and NATS_PASSWORD. */
export function secretKeyOf(component: string, variable: string): string {
  return variable === 'SERVICE_KEY' || variable === 'NATS_PASSWORD'
    ? `${variable}_${component.toUpperCase()}`
    : variable;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
export interface Probe {
  grpc?: { port: number };
  httpGet?: { path: string; port: number | string };
}
export interface Container {
  name: string;
  image: string;
  ports: { name: string; containerPort: number }[];
  env?: EnvVar[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    runAsUser?: number;
  };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  volumeMounts?: { name: string; mountPath: string }[];
}
export interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; persistentVolumeClaim?: object }[];
}
export interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}

export const deploymentSpec = (m: Manifest) => m.spec as unknown as DeploymentSpec;
export const container = (m: Manifest): Container => {
  const c = deploymentSpec(m).template.spec.containers;
  expect(c, `${m.metadata.name} has one container`).toHaveLength(1);
  return c[0]!;
};
export const envOf = (m: Manifest) => new Map((container(m).env ?? []).map((e) => [e.name, e]));
export const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** Resource name of a component: "<release>-tessera-<c>", or "tessera-<c>" for release "tessera". */
export const nameOf = (release: string, c: string) =>
  release === 'tessera' ? `tessera-${c}` : `${release}-tessera-${c}`;

export const VALUES_DEV = path.join(CHART_DIR, 'values-dev.yaml');
export const VALUES_PROD = path.join(CHART_DIR, 'values-prod.yaml');
export const FIXTURE = path.join(CHART_DIR, '../test/fixtures/production-values.yaml');

export interface Scenario {
  label: string;
  release: string;
  args: string[];
  autoscaled: boolean;
  /** A Secret managed outside the chart (secrets.existingSecret). */
  existingSecret?: string;
}
/** What the skaffold prod profile passes: backend URLs from the environment plus an existing Secret. */
export const PROD_EXISTING_SECRET = [
  '-f',
  VALUES_PROD,
  '--set',
  'backends.mongodbUrl=mongodb://tessera:SENTINEL-pw@mongo:27017/tessera',
  '--set',
  'backends.redisUrl=redis://:SENTINEL-pw@redis:6379/0',
  '--set',
  'backends.natsUrl=nats://nats:4222',
  '--set',
  'secrets.existingSecret=tessera-app-secrets',
];
export const SCENARIOS: Scenario[] = [
  { label: 'default values', release: 'tessera', args: [], autoscaled: true },
  {
    label: 'prod overlay + real backends + ingress',
    release: 'prod',
    args: ['-f', VALUES_PROD, '-f', FIXTURE],
    autoscaled: true,
  },
  { label: 'dev overlay', release: 'dev', args: ['-f', VALUES_DEV], autoscaled: false },
  {
    label: 'prod overlay + existing Secret',
    release: 'prod',
    args: PROD_EXISTING_SECRET,
    autoscaled: true,
    existingSecret: 'tessera-app-secrets',
  },
];
