/**
 * A whole answer computed before it is sent: status, headers and body. The cache-hit answers of the
 * hot reads (board pixels, composites) are built once as an `Answer` and sent either through Koa
 * (`applyAnswer`, the routes and the traced fast path) or straight on Node's response
 * (`routes/hot-reads.ts`), so both ways answer the same bytes and headers.
 */
import type { Context } from 'koa';

/** A response header as a name and its value. */
export type HeaderPair = readonly [name: string, value: string];

export interface Answer {
  status: 200 | 304;
  /** In order; `Vary` is merged with what the response varies on already. */
  headers: readonly HeaderPair[];
  /** None for a 304. */
  body: Buffer | undefined;
}

/** Sets `answer` on a Koa response. */
export function applyAnswer(ctx: Context, answer: Answer): void {
  for (const [name, value] of answer.headers) {
    if (name === 'Vary') ctx.vary(value);
    else ctx.set(name, value);
  }
  if (answer.body === undefined) ctx.status = answer.status;
  else ctx.body = answer.body;
}
