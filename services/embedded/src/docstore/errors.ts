/**
 * Errors of the embedded document store that are not part of the port: a filter, update, option or
 * document the store refuses (MongoDB answers these with a server error too), and a store that can no
 * longer write safely. Both reject the call's promise; neither is ever thrown out of band.
 */

/** A filter, update, option or document outside the supported subset, or an impossible update. */
export class InvalidOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidOperationError';
  }
}

/** The store (or one collection) was closed, or refuses writes after a failed write it could not undo. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
