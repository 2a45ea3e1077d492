// Reading untyped JSON: the one object check of the web app.

/** A JSON object (not null, not an array), whose fields can be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
