/**
 * The port table, defined once: where each process listens by default (PORT, or BUS_PORT for the
 * broker). `npm start`, the service kit's configuration, the container build and the Helm chart
 * tests read it from here.
 */
export const SERVICE_PORTS = {
  identity: 50051,
  canvas: 50052,
  lock: 50053,
  payment: 50054,
  renderer: 50055,
  submission: 50056,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

/** The six services in port order. */
export const SERVICES = Object.keys(SERVICE_PORTS) as ServiceName[];

export const BFF_PORT = 8080;
/** The embedded event broker (used when NATS_URL is not set). */
export const BROKER_PORT = 4223;

/** Every process's default port. */
export const PORTS = { ...SERVICE_PORTS, bff: BFF_PORT, broker: BROKER_PORT } as const;

export type ProcessName = keyof typeof PORTS;

/**
 * The metrics ports, defined once: each process serves Prometheus metrics (`GET /metrics`) on a
 * port of its own, apart from its API (the BFF's SPA can never shadow it). Defaults from 9464 (the
 * OpenTelemetry Prometheus exporter's port), one per process; METRICS_PORT overrides it. A stack
 * started with TESSERA_PORT_BASE puts process i of METRICS_ORDER at base + METRICS_BASE_OFFSET + i,
 * after the block of the services (base .. base + 10) and the BFF (base + 11).
 */
export const METRICS_ORDER: readonly ProcessName[] = ['bff', ...SERVICES, 'broker'];
export const METRICS_PORT_FIRST = 9464;
export const METRICS_BASE_OFFSET = 12;

/** Every process's metrics port: from METRICS_PORT_FIRST, or from `base` + METRICS_BASE_OFFSET. */
export function metricsPorts(base?: number): Record<ProcessName, number> {
  const first = base === undefined ? METRICS_PORT_FIRST : base + METRICS_BASE_OFFSET;
  return Object.fromEntries(METRICS_ORDER.map((p, i) => [p, first + i])) as Record<ProcessName, number>;
}

/** The default metrics port of each process (METRICS_PORT unset, no port base). */
export const METRICS_PORTS = metricsPorts();
