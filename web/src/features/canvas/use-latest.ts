// Moved to lib/use-latest.ts. Kept only until use-canvas-images.ts, use-live-pixels.ts and
// CanvasStage.tsx (other owners' files) import it from there; then delete this file.
export { useLatest } from '../../lib/use-latest.js';
