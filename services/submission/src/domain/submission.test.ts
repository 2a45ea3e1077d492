import { describe, expect, it } from 'vitest';
import { literalPattern, sortFor } from './submission.js';

describe('submission list rules', () => {
  it('sorts hot by net score then newest, new by newest, ties by id', () => {
    expect(Object.entries(sortFor('hot'))).toEqual([
      ['netScore', -1],
      ['createdAt', -1],
      ['_id', -1],
    ]);
    expect(Object.entries(sortFor('new'))).toEqual([
      ['createdAt', -1],
      ['_id', -1],
    ]);
  });

  it('searches literally', () => {
    expect(new RegExp(literalPattern('a.b*(c)'), 'i').test('xA.B*(C)y')).toBe(true);
    expect(new RegExp(literalPattern('a.b'), 'i').test('axb')).toBe(false);
  });
});
