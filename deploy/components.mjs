// The seven Tessera processes as the container build sees them: workspace folder, port and image
// name. The Dockerfile generator (dockerfiles.mjs) and the deploy tests use this list; the Helm
// chart's values.yaml repeats port and image per component and the tests check the two agree.
// Ports come from the one port table, @tessera/facts/ports.
import { PORTS, SERVICES } from '@tessera/facts/ports';

/**
 * @typedef {object} Component
 * @property {string} name      process name (also the Helm `components.<name>` key)
 * @property {string} dir       npm workspace folder, relative to the repository root
 * @property {number} port      the port the process listens on (PORT)
 * @property {string} image     image name built by skaffold
 * @property {boolean} serveWeb whether the image also carries the built SPA (web/dist)
 * @property {string} [portEnv] the variable naming the port, when it is not PORT
 */

/** @type {readonly Component[]} */
export const COMPONENTS = Object.freeze([
  ...SERVICES.map((name) => ({
    name,
    dir: `services/${name}`,
    port: PORTS[name],
    image: `tessera-${name}`,
    serveWeb: false,
  })),
  { name: 'bff', dir: 'bff', port: PORTS.bff, image: 'tessera-bff', serveWeb: true },
]);

/**
 * The embedded event broker: an image of its own (for a deployment without NATS), but not a
 * component of the Helm chart, which uses NATS JetStream.
 * @type {Readonly<Component>}
 */
export const BROKER = Object.freeze({
  name: 'broker',
  dir: 'services/broker',
  port: PORTS.broker,
  portEnv: 'BUS_PORT',
  image: 'tessera-broker',
  serveWeb: false,
});

/** Every image built from the Dockerfile template. */
export const IMAGES = Object.freeze([...COMPONENTS, BROKER]);

/**
 * Workspaces every process image needs at run time besides its own (built output only). Every image
 * carries `services/embedded`: the chart's empty backend URLs fall back to the embedded adapters, and
 * the broker image is the embedded broker; a process loads it only for a backend whose URL is unset.
 */
export const SHARED_WORKSPACES = Object.freeze([
  'proto',
  'services/facts',
  'services/api',
  'services/kit',
  'services/embedded',
]);

/** The command every image runs (relative to /app, the repository root inside the image). */
export function commandFor(/** @type {Component} */ c) {
  // No --enable-source-maps, as `npm start` (it cost about 110 MB of the idle memory, loadtests/README.md):
  // stack traces name dist/*.js; NODE_OPTIONS=--enable-source-maps maps them (the .map files are in the image).
  return ['node', '--import', '@tessera/kit/instrument', `${c.dir}/dist/main.js`];
}

/** Dockerfile path of a component, relative to the repository root. */
export function dockerfileFor(/** @type {Component} */ c) {
  return `${c.dir}/Dockerfile`;
}
