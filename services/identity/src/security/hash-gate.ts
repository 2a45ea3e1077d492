/**
 * Load shedding for password hashing: every scrypt runs through the kit's AdmissionGate sized to the
 * cores. At most `running` hashes run at once (one per core); at most `waiting` more wait, and each
 * source (client address) may hold at most `perSource` of the running and waiting places, so one
 * client's burst cannot take every place from everyone else. A hash that finds no place is refused at
 * once with SERVICE_UNAVAILABLE and the kit's BUSY_MESSAGE (the BFF answers 503 with Retry-After),
 * and one that waited longer than `maxWaitMs` (a machine slower than planned) is refused when its
 * turn comes instead of starting work its caller's deadline would not see finished: never left to
 * time out.
 */
import os from 'node:os';
import { AdmissionGate, type AdmissionLimits } from '@tessera/kit';
import type { PasswordHasher } from '../service/ports.js';

export type HashGateLimits = Required<Omit<AdmissionLimits, 'maxCost'>>;

export function defaultLimits(cores = os.availableParallelism()): HashGateLimits {
  const running = Math.max(1, cores);
  // budgetMs: the longest expected wait plus work at admission, well inside the callers' 10 s deadline
  return { running, waiting: running * 4, perSource: Math.max(2, running), maxWaitMs: 3000, budgetMs: 7000 };
}

/** The gate every hash and verify of this process goes through. */
export function hashGate(limits: HashGateLimits = defaultLimits(), now?: () => number): AdmissionGate {
  return new AdmissionGate(limits, { now });
}

/** A hasher whose every hash and verify goes through `gate`, counted against the caller's source. */
export function gatedHasher(inner: PasswordHasher, gate: AdmissionGate): PasswordHasher {
  return {
    hash: (password, source = '') => gate.run(() => inner.hash(password), { source }),
    verify: (password, stored, source = '') => gate.run(() => inner.verify(password, stored), { source }),
  };
}
