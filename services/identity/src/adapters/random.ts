import { randomUUID } from 'node:crypto';
import type { RandomSource } from '../service/ports.js';
import { newOpaqueToken, newResetCode } from '../security/tokens.js';

/** node:crypto: randomBytes for tokens, randomInt for codes, UUID v4 for user ids. */
export const cryptoRandom: RandomSource = {
  token: (bytes = 32) => newOpaqueToken(bytes),
  resetCode: () => newResetCode(),
  id: () => randomUUID(),
};
