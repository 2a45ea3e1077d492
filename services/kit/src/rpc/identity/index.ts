export * from './keys.js';
export * from './tokens.js';
export * from './identity.js';
export * from './guard.js';
