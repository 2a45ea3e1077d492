/**
 * Load shedding for password hashing: every scrypt runs through the kit's AdmissionGate sized to the
 * cores. At most `running` hashes run at once (one per core); at most `waiting` more wait, and each
 * source runs at most `perSourceRunning` hashes at once (a quarter of the cores, at least one: one of
 * two on a 2-core machine) and holds at most `perSource` running and waiting places (twice that), so
 * two sign-ins from one household's address still both get in, one after the other. The sources of a
 * call are the client address and, for a sign-in, the account (`account:<e-mail>`), so neither one
 * address's burst nor many addresses guessing one account can take more than that share: the other
 * cores stay for everyone else. A hash that finds no place is refused at
 * once with SERVICE_UNAVAILABLE and the kit's BUSY_MESSAGE (the BFF answers 503 with Retry-After),
 * and one that waited longer than `maxWaitMs` (a machine slower than planned) is refused when its
 * turn comes instead of starting work its caller's deadline would not see finished: never left to
 * time out.
 */
import os from 'node:os';
import { AdmissionGate, type AdmissionLimits } from '@tessera/kit';
import type { PasswordHasher } from '../service/ports.js';

/** The source of a sign-in to the account of `email` (normalised), beside the client address. */
export function accountSource(email: string): string {
  return `account:${email}`;
}

export type HashGateLimits = Required<Omit<AdmissionLimits, 'maxCost'>>;

/** Hashes one source may run at once on `running` places: a quarter of them, at least one. */
export function sourceShare(running: number): number {
  return Math.max(1, Math.floor(running / 4));
}

export function defaultLimits(cores = os.availableParallelism()): HashGateLimits {
  const running = Math.max(1, cores);
  // budgetMs: the longest expected wait plus work at admission, well inside the callers' 10 s deadline
  const perSourceRunning = sourceShare(running);
  return {
    running,
    waiting: running * 4,
    perSource: perSourceRunning * 2,
    perSourceRunning,
    maxWaitMs: 3000,
    budgetMs: 7000,
  };
}

/** The gate every hash and verify of this process goes through. */
export function hashGate(limits: HashGateLimits = defaultLimits(), now?: () => number): AdmissionGate {
  return new AdmissionGate(limits, { now });
}

/** A hasher whose every hash and verify goes through `gate`, counted against the caller's sources. */
export function gatedHasher(inner: PasswordHasher, gate: AdmissionGate): PasswordHasher {
  return {
    hash: (password, source = '') => gate.run(() => inner.hash(password), { source }),
    verify: (password, stored, source = '') => gate.run(() => inner.verify(password, stored), { source }),
  };
}
