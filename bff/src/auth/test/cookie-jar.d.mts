/** A browser's cookie jar: name -> value. */
export class CookieJar extends Map<string, string> {
  /** Stores Set-Cookie lines (Max-Age=0 or an empty value deletes); true when the session id changed. */
  absorb(setCookies: readonly string[]): boolean;
  /** The Cookie header of the jar ('' when empty). */
  header(): string;
}
