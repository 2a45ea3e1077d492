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
