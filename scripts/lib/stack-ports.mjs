// The port rule of a stack started with TESSERA_PORT_BASE (scripts/start.mjs): the services of the
// port table on consecutive ports from the base, in the table's order, and the embedded broker at
// base + 10. start.mjs, the launchers and the tests that call a service directly read it from here.
// Apart from ./launch-stack.mjs because it reads the port table, which is built with the workspaces.
// Types: stack-ports.d.mts.
import { SERVICES } from '@tessera/facts/ports';
import { BROKER_OFFSET } from './launch-stack.mjs';

/**
 * Every port of the stack whose TESSERA_PORT_BASE is `base`: each service's and the broker's.
 * Throws RangeError for a base whose block does not fit below port 65536, or for more services
 * than ports below the broker's (`services`: the port table's, given only by the tests).
 * @param {number} base
 * @param {readonly string[]} [services]
 * @returns {Record<import('@tessera/facts/ports').ServiceName | 'broker', number>}
 */
export function portsOf(base, services = SERVICES) {
  if (!Number.isInteger(base) || base < 1 || base + BROKER_OFFSET > 65_535) {
    throw new RangeError(`a port base must be an integer from 1 to ${65_535 - BROKER_OFFSET} (got ${base})`);
  }
  // a service on the broker's port would stop the stack at every start
  if (services.length > BROKER_OFFSET) throw new RangeError('more services than ports below the broker');
  const ports = Object.fromEntries(services.map((s, i) => [s, base + i]));
  return /** @type {Record<import('@tessera/facts/ports').ServiceName | 'broker', number>} */ ({
    ...ports,
    broker: base + BROKER_OFFSET,
  });
}
