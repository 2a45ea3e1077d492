// The app's single session store.
import { AuthStore, browserStorage } from './auth-store.js';

export const authStore = new AuthStore({ storage: browserStorage() });

export { AuthStore, TOKEN_EXPIRY_MARGIN_MS } from './auth-store.js';
export type { AuthSnapshot, SignOutReason } from './auth-store.js';
export { toAuthUser, toTokenGrant } from './auth-user.js';
export type { AuthUser, TokenGrant } from './auth-user.js';
