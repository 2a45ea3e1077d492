// Reading untyped JSON: the one object check of the web app.

/** A JSON object (not null, not an array), whose fields can be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON text's object with a canvas index (an integer 0 or more); null when it is anything else. */
export function parseCanvasRecord(text: string): (Record<string, unknown> & { canvasIndex: number }) | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const canvasIndex = Number(body.canvasIndex);
  if (!Number.isInteger(canvasIndex) || canvasIndex < 0) return null;
  return { ...body, canvasIndex };
}
