import { describe, expect, it } from 'vitest';
import { literalPattern, pageOf, searchTerm, sortFor } from './submission.js';

describe('submission list rules', () => {
  it('pages with the spec pagination fields', () => {
    expect(pageOf(0, 1, 10)).toEqual({
      currentPage: 1,
      totalPages: 0,
      totalCount: 0,
      hasNext: false,
      hasPrevious: false,
      skip: 0,
      limit: 10,
    });
    expect(pageOf(25, 2, 10)).toMatchObject({ totalPages: 3, hasNext: true, hasPrevious: true, skip: 10 });
    expect(pageOf(25, 3, 10)).toMatchObject({ hasNext: false, hasPrevious: true, skip: 20 });
    expect(pageOf(10, 1, 10)).toMatchObject({ totalPages: 1, hasNext: false });
  });

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

  it('searches only with 2+ characters after trimming, literally', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('  ab ')).toBe('ab');
    expect(new RegExp(literalPattern('a.b*(c)'), 'i').test('xA.B*(C)y')).toBe(true);
    expect(new RegExp(literalPattern('a.b'), 'i').test('axb')).toBe(false);
  });
});
