// The text/event-stream parser of the tests (sse-client.ts) and the benchmarks (loadtests/lib/
// event-streams.mjs): chunks of text in, each completed event out (a block ended by a blank line),
// with its id, event name, data lines joined by newlines, and the comment, if any (`: ping`).
// Plain JavaScript, so the benchmarks' Node scripts import it too. Types: sse-parser.d.mts.

/**
 * One event block (without its blank line) as an event: `field: value` lines, one optional space
 * after the colon, several `data` lines joined with newlines, unknown fields ignored.
 * @param {string} block
 * @returns {import('./sse-parser.d.mts').SseEvent}
 */
export function parseSseBlock(block) {
  /** @type {import('./sse-parser.d.mts').SseEvent} */
  const ev = { data: '' };
  /** @type {string[]} */
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      ev.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const raw = colon < 0 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'id') ev.id = value;
    else if (field === 'event') ev.event = value;
    else if (field === 'data') data.push(value);
  }
  ev.data = data.join('\n');
  return ev;
}

/** Reads a stream chunk by chunk: `push` answers the events the chunk completed. */
export class SseParser {
  #pending = '';

  /**
   * @param {string} text
   * @returns {import('./sse-parser.d.mts').SseEvent[]}
   */
  push(text) {
    this.#pending += text;
    const events = [];
    let cut;
    while ((cut = this.#pending.indexOf('\n\n')) >= 0) {
      events.push(parseSseBlock(this.#pending.slice(0, cut)));
      this.#pending = this.#pending.slice(cut + 2);
    }
    return events;
  }
}
