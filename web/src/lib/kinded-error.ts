// The app's own failures that callers tell apart: a kind to branch on, the text to show (the
// error's message, already the spec's words) and the HTTP status when an answer came.

export class KindedError<Kind extends string> extends Error {
  override readonly name: string = 'KindedError';
  constructor(
    readonly kind: Kind,
    message: string,
    /** The HTTP status of the answer; 0 when none came (network, cancelled, a bad body). */
    readonly status = 0,
  ) {
    super(message);
  }
}
