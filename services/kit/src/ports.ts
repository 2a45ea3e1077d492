/**
 * `@tessera/kit/ports`: the ports alone (interfaces, their errors and rules), with nothing they do
 * not need, for an adapter outside the kit that must load light (the embedded document store's
 * durability writer starts a process per cycle). The main export carries the same names.
 */
export * from './docstore/port.js';
export * from './kv/port.js';
export * from './bus/port.js';
export * from './objects/port.js';
/** The order of the ports' strings (sorted sets, the document store's sort): by Unicode code point. */
export { compareCodePoints } from './code-points.js';
