/** A Server-Sent Event as the tests read it. */
export interface SseEvent {
  id?: string;
  event?: string;
  /** The data lines, joined with newlines ('' without any). */
  data: string;
  /** The text of a comment line (`: ping` -> 'ping'). */
  comment?: string;
}

/** One event block (without its blank line) as an event. */
export function parseSseBlock(block: string): SseEvent;

/** Reads a stream chunk by chunk: `push` answers the events the chunk completed. */
export class SseParser {
  push(text: string): SseEvent[];
}
