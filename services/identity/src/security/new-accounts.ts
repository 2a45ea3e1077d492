/**
 * Limits on new accounts per client address (pure policy; the counters live in the key-value store,
 * adapters/new-account-store.ts): registrations and first OpenID sign-ins count alike, in fixed
 * windows of the clock (a clock hour and a UTC day), each with its limit from @tessera/facts/account.
 * Only attempts that pass the hour's limit count toward the day's, so a refused burst does not use up
 * the day.
 */
import { NEW_ACCOUNTS_PER_ADDRESS_PER_DAY, NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR } from '@tessera/facts/account';

export interface NewAccountWindow {
  /** Part of the counter's key. */
  name: 'hour' | 'day';
  ms: number;
  limit: number;
}

/** The windows in the order they are counted: the hour first. */
export function newAccountWindows(scale = 1): NewAccountWindow[] {
  return [
    { name: 'hour', ms: 60 * 60_000, limit: NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR * scale },
    { name: 'day', ms: 24 * 60 * 60_000, limit: NEW_ACCOUNTS_PER_ADDRESS_PER_DAY * scale },
  ];
}

/** Which window of `w` the time `now` falls in (its counter's key). */
export function windowIndex(w: NewAccountWindow, now: number): number {
  return Math.floor(now / w.ms);
}

/** Milliseconds from `now` until the window of `w` that holds it ends. */
export function windowLeftMs(w: NewAccountWindow, now: number): number {
  return (windowIndex(w, now) + 1) * w.ms - now;
}

export type NewAccountDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The decision for the `count`-th new account of an address in the window of `w` at `now`. */
export function decideNewAccount(w: NewAccountWindow, count: number, now: number): NewAccountDecision {
  return count <= w.limit ? { allowed: true } : { allowed: false, retryAfterMs: windowLeftMs(w, now) };
}
