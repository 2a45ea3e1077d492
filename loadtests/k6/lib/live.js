// The live stream's path and event names for the k6 scripts, defined once in @tessera/facts
// (services/facts/src/live.ts). k6 runs plain files, not Node packages, so this re-exports the
// package's build output as lib/grid.js does (`npm run build` writes services/facts/dist).
export { LIVE_EVENT, LIVE_EVENTS_PATH } from '../../../services/facts/dist/live.js';
