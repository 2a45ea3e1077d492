import { describe, expect, it } from 'vitest';
import { isRecord } from './json.js';

describe('isRecord', () => {
  it('accepts JSON objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ data: [] })).toBe(true);
    for (const other of [null, undefined, [], [{}], 'x', 0, true]) expect(isRecord(other)).toBe(false);
  });
});
