/**
 * Telling a peer's refusal of what the caller sent from a failure that is not the caller's, for the
 * routes that answer such a refusal in their own words (an ended session, a spent exchange token).
 */
import { classifyError } from '@tessera/kit';

/**
 * Whether a peer refused the call because of what the caller sent: any 4xx but 429. Not: a rate
 * limit (429: the same input is fine later), the peer failing or unreachable (5xx), or the peer's
 * trust guard refusing this process (classified as a 500: a deployment error, never the user's).
 */
export function isPeerRefusal(err: unknown): boolean {
  const { status } = classifyError(err);
  return status >= 400 && status < 500 && status !== 429;
}

/**
 * The answer of a peer call; when the peer refused it (isPeerRefusal), what `refused(err)` returns is
 * thrown instead. Any other failure passes on unchanged.
 */
export async function onPeerRefusal<T>(call: Promise<T>, refused: (err: unknown) => unknown): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isPeerRefusal(err)) throw refused(err);
    throw err;
  }
}
