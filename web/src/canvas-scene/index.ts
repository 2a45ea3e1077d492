// Framework-free scene model of the canvas page: layout, viewport math, gestures, rendering, live events.
export * from './constants.js';
export * from './layout.js';
export * from './viewport.js';
export * from './gestures.js';
export * from './render.js';
export * from './live-events.js';
export * from './text.js';
export * from './tutorial.js';
export * from './refresh.js';
export * from './view-state.js';
export * from './ghost.js';
export * from './own-pixels.js';
