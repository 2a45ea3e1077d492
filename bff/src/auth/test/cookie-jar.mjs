// A browser's cookie jar for the HTTP tests (browser.ts) and the benchmarks (loadtests/bench.mjs):
// the name=value pairs of Set-Cookie lines, a deletion for Max-Age=0 or an empty value, and word of a
// new session id, which needs a new CSRF token (as the web client fetches one). Plain JavaScript, so
// the benchmarks' Node scripts import it too. Types: cookie-jar.d.mts.

export class CookieJar extends Map {
  /**
   * Stores the cookies of a response's Set-Cookie lines; deletions (Max-Age=0, an empty value)
   * remove them. True when the session id cookie (`tessera_sid`, `__Host-tessera_sid`) was set or
   * deleted: the CSRF token bound to the old one is no good any more.
   * @param {readonly string[]} setCookies
   * @returns {boolean}
   */
  absorb(setCookies) {
    let newSession = false;
    for (const line of setCookies) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.delete(name);
      else this.set(name, value);
      if (name.endsWith('tessera_sid')) newSession = true;
    }
    return newSession;
  }

  /** The Cookie header of the jar ('' when empty). */
  header() {
    return [...this].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
