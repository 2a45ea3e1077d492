/** Holds a real answer of the BFF to the HTTP contract (@tessera/api). */
import { expect } from 'vitest';

/** A contract schema (a zod schema of @tessera/api), as far as the check needs it. */
interface Schema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/**
 * The body parses with the contract's schema and nothing is dropped on the way (a schema strips
 * fields it does not name): a field renamed, missing, of another type or added fails.
 */
export function expectContract<T>(schema: Schema<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`answer outside the contract: ${parsed.error.message}`);
  expect(parsed.data).toEqual(body);
  return parsed.data;
}
