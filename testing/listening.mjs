// Whether a TCP port on loopback takes connections: scripts/e2e.mjs checks that no port of the
// stopped stack still does. Types: listening.d.mts.
import net from 'node:net';

/**
 * True when something accepts a TCP connection on 127.0.0.1:`port` (the connection is closed again).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function listening(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
