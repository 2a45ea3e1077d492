import { describe, expect, it } from 'vitest';
import {
  applyVote,
  compareSubmissions,
  DEFAULT_SORT,
  isRemovedByVotes,
  isSortOrder,
  isSubmissionId,
  isVoteType,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  REMOVAL_SCORE,
  pageOf,
  paginationJson,
  SEARCH_MAX,
  SEARCH_MIN,
  searchTerm,
  SORT_ORDERS,
  SUBMISSION_MESSAGES,
  type Ranked,
  type SortOrder,
  type UserVoteType,
  type VoteType,
} from './submissions.js';

describe('the list rules', () => {
  it('has the spec numbers: pages of 10 (at most 50), search from 2 characters', () => {
    expect([PAGE_SIZE, MAX_PAGE_SIZE, MAX_PAGE, SEARCH_MIN, SEARCH_MAX]).toEqual([10, 50, 100_000, 2, 100]);
  });

  it('sorts hot or new, hot by default, and takes no other name', () => {
    expect(SORT_ORDERS).toEqual(['hot', 'new']);
    expect(DEFAULT_SORT).toBe('hot');
    for (const sort of SORT_ORDERS) expect(isSortOrder(sort)).toBe(true);
    for (const sort of ['top', 'HOT', '', 'hot ', null, 1, 'toString']) expect(isSortOrder(sort)).toBe(false);
  });

  it('searches with the trimmed text, and only from 2 characters', () => {
    expect(searchTerm('  ab ')).toBe('ab');
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('   ')).toBeNull();
    expect(searchTerm('')).toBeNull();
    expect(searchTerm(' harbour lights ')).toBe('harbour lights');
  });

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
    expect(pageOf(10, 1, 10)).toMatchObject({ totalPages: 1, hasNext: false, hasPrevious: false });
  });

  it('sends the pagination fields and nothing else', () => {
    expect(paginationJson(pageOf(25, 2, 10))).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalCount: 25,
      hasNext: true,
      hasPrevious: true,
    });
  });
});

describe('the list orders', () => {
  const at = (id: string, netScore: number, createdAt: number): Ranked => ({ id, netScore, createdAt });
  const order = (sort: SortOrder, items: Ranked[]) =>
    [...items].sort((a, b) => compareSubmissions(sort, a, b)).map((s) => s.id);

  it('hot: the highest net score first, then the newest, then the id', () => {
    const items = [at('a', 1, 300), at('b', 5, 50), at('c', 1, 100), at('d', -2, 900), at('e', 1, 300)];
    expect(order('hot', items)).toEqual(['b', 'e', 'a', 'c', 'd']);
  });

  it('new: the newest first, then the id, whatever the score', () => {
    const items = [at('a', 9, 100), at('b', -3, 300), at('c', 0, 200), at('d', 0, 300)];
    expect(order('new', items)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('never ties two submissions, so every copy of a list agrees', () => {
    const items = [at('x', 2, 10), at('y', 2, 10), at('z', 2, 10)];
    for (const sort of SORT_ORDERS) {
      expect(order(sort, items)).toEqual(['z', 'y', 'x']);
      expect(order(sort, [...items].reverse())).toEqual(['z', 'y', 'x']);
      expect(compareSubmissions(sort, items[0]!, items[0]!)).toBe(0);
    }
  });
});

describe('submission ids', () => {
  it('takes UUIDs and letters, digits, _ and - up to 64', () => {
    for (const id of ['0b5f6a2e-8c1d-4c55-9a7e-3f1f2a9b6c70', 'a', 'A_b-9', 'x'.repeat(64)])
      expect(isSubmissionId(id), id).toBe(true);
  });

  it('refuses anything that could not name one', () => {
    for (const id of [
      '',
      'x'.repeat(65),
      '..',
      'a/b',
      'a b',
      'a\u0000',
      '🎨',
      'a.b',
      'a:b',
      42,
      null,
      undefined,
    ])
      expect(isSubmissionId(id), String(id)).toBe(false);
  });
});

describe('votes', () => {
  it('sets, removes and switches a vote, the score changing by the new vote minus the old', () => {
    // [current, tapped, next, delta]
    const table: [UserVoteType, VoteType, UserVoteType, number][] = [
      [0, 1, 1, 1],
      [0, -1, -1, -1],
      [1, 1, 0, -1],
      [-1, -1, 0, 1],
      [1, -1, -1, -2],
      [-1, 1, 1, 2],
    ];
    for (const [current, voteType, next, delta] of table)
      expect(applyVote(current, voteType), `${current} then ${voteType}`).toEqual({ next, delta });
  });

  it('keeps the net score equal to the sum of the votes over any sequence of taps', () => {
    const votes = new Map<number, UserVoteType>();
    let score = 0;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const user = Math.floor(rand() * 40);
      const change = applyVote(votes.get(user) ?? 0, rand() < 0.5 ? 1 : -1);
      votes.set(user, change.next);
      score += change.delta;
      expect(score).toBe([...votes.values()].reduce<number>((a, b) => a + b, 0));
    }
  });

  it('takes 1 and -1 as a vote, nothing else', () => {
    for (const v of [1, -1]) expect(isVoteType(v)).toBe(true);
    for (const v of [0, 2, -2, 1.5, '1', '-1', 'up', null, true, [], {}, 1e308, Number.NaN])
      expect(isVoteType(v), JSON.stringify(v)).toBe(false);
  });

  it('removes a submission at -10 or lower', () => {
    expect(REMOVAL_SCORE).toBe(-10);
    expect(isRemovedByVotes(-9)).toBe(false);
    expect(isRemovedByVotes(-10)).toBe(true);
    expect(isRemovedByVotes(-11)).toBe(true);
  });
});

describe('messages', () => {
  it('words what both sides say as spec section 8 does', () => {
    const m = SUBMISSION_MESSAGES;
    // Create
    expect(m.contentRejected).toBe(
      'Your submission contains prohibited content. Please remove any hate speech or slurs.',
    );
    expect(m.activeExists).toBe('You already have an active submission. Please edit or delete it first.');
    // Delete, and its success toast (section 4)
    expect([m.deleteForbidden, m.notFound, m.deleted]).toEqual([
      'You do not have permission to delete this submission.',
      'Submission not found.',
      'Submission deleted successfully',
    ]);
    // Vote, and the service's own refusal of a user without a username
    expect(m.invalidVote).toBe('Invalid vote type.');
    expect(m.usernameRequired).toBe('Please choose a username before submitting artwork.');
  });
});
