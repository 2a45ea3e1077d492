/**
 * The spec's error body (section 7), the answer of every refused `/api` call:
 * `{success: false, message, error, statusCode, timestamp, field}`. The BFF writes it (through the
 * kit's `errorBody`), the web app reads `message`, `error` and `field`.
 */
import { z } from 'zod';

export const ApiErrorBody = z.object({
  success: z.literal(false),
  /** What the person reads (the spec's text). */
  message: z.string(),
  /** The spec's error code, e.g. `LOCK_CONFLICT`. */
  error: z.string(),
  statusCode: z.number().int().min(400).max(599),
  /** ISO 8601. */
  timestamp: z.string(),
  /** The request field the message is about, or null. */
  field: z.string().nullable(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The part of an error body the web app reads. */
export type ApiErrorAsRead = Pick<ApiErrorBody, 'message' | 'error' | 'field'>;
