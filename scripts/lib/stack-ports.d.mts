import type { ServiceName } from '@tessera/facts/ports';

/** Every port of the stack whose TESSERA_PORT_BASE is `base`: each service's and the broker's. */
export function portsOf(base: number, services?: readonly string[]): Record<ServiceName | 'broker', number>;
