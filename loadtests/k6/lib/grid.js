// The canvas grid for the k6 scripts, defined once in @tessera/facts (services/facts/src/grid.ts). k6 runs
// plain files, not Node packages, so this re-exports the package's build output (`npm run build`
// writes services/facts/dist; `npm start` builds it before a load test can run).
export {
  BOARD_SIZE,
  PIXELS_PER_BOARD,
  TOTAL_BOARDS,
  pixelAtOffset,
} from '../../../services/facts/dist/grid.js';
