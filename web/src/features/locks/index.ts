// Board locks for any feature: the typed API, the holder's session with its timers, queries, texts.
export * from './lock-api.js';
export * from './lock-messages.js';
export * from './lock-session.js';
export * from './queries.js';
export { useLockApi } from './use-lock-api.js';
export { BoardLockedModal, LockGlyph } from './BoardLockedModal.js';
