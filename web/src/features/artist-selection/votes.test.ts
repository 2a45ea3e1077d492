// Vote transitions (spec section 4, "Voting") and the list updates around them.
import { describe, expect, it } from 'vitest';
import { applyVote, type UserVoteType } from '@tessera/facts/submissions';
import type { Submission, SubmissionPage } from './artist-selection-api.js';
import {
  applyTap,
  applyVoteResult,
  formatScore,
  prependItem,
  removeItem,
  revertItem,
  scoreTone,
  sortHot,
  voteToast,
} from './votes.js';

const item = (id: string, netScore = 0, userVoteType: UserVoteType = 0): Submission => ({
  id,
  userId: `u-${id}`,
  username: id,
  title: id,
  description: 'a description',
  imageUrl: `/img/${id}`,
  createdAt: 0,
  netScore,
  userVoteType,
  isVerifiedContributor: false,
});

const page = (...items: Submission[]): SubmissionPage => ({
  items,
  pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrevious: false },
});

describe('vote transitions', () => {
  it("puts facts' vote rule on the card: the vote after the tap and the score changed by its delta", () => {
    // the rule's own table is in services/facts/src/submissions.test.ts
    for (const current of [0, 1, -1] as const) {
      for (const tap of [1, -1] as const) {
        const { next, delta } = applyVote(current, tap);
        expect(applyTap(item('a', 5, current), tap), `${current} tap ${tap}`).toEqual({
          ...item('a', 5 + delta, next),
        });
      }
    }
    // the same tap again removes the vote
    expect(applyTap(item('a', 5, 1), 1)).toMatchObject({ userVoteType: 0, netScore: 4 });
  });

  it('any sequence of taps keeps the score equal to the base plus the vote held', () => {
    let s = item('a', 7, 0);
    const taps: Array<1 | -1> = [1, 1, -1, -1, 1, -1, 1, 1, -1, -1, -1];
    for (const tap of taps) {
      s = applyTap(s, tap);
      expect(s.netScore).toBe(7 + s.userVoteType);
    }
  });

  it('toasts the vote the server holds', () => {
    expect(voteToast(1)).toBe('Upvoted!');
    expect(voteToast(-1)).toBe('Downvoted!');
    expect(voteToast(0)).toBe('Vote removed');
  });
});

describe('list updates', () => {
  it('takes the server answer and re-sorts under Hot only', () => {
    const before = page(item('a', 3), item('b', 2), item('c', 1));
    const hot = applyVoteResult(before, 'c', { userVoteType: 1, netScore: 4, deleted: false }, true);
    expect(hot.items.map((s) => [s.id, s.netScore, s.userVoteType])).toEqual([
      ['c', 4, 1],
      ['a', 3, 0],
      ['b', 2, 0],
    ]);
    const fresh = applyVoteResult(before, 'c', { userVoteType: 1, netScore: 4, deleted: false }, false);
    expect(fresh.items.map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('removes an item the server deleted', () => {
    const after = applyVoteResult(
      page(item('a', -9), item('b')),
      'a',
      { userVoteType: -1, netScore: -10, deleted: true },
      true,
    );
    expect(after.items.map((s) => s.id)).toEqual(['b']);
  });

  it('puts the vote back after a failure, keeping the rest of the page', () => {
    const original = item('a', 2, 0);
    const optimistic = page(applyTap(original, 1), item('b', 1));
    expect(revertItem(optimistic, original).items[0]).toEqual(original);
    expect(revertItem(optimistic, original).items[1]?.id).toBe('b');
  });

  it('sorts as the server does under Hot (score, then newest, then id), removes and prepends without duplicates', () => {
    const at = (id: string, score: number, createdAt: number | null) => ({ ...item(id, score), createdAt });
    const items = [at('a', 1, 300), at('b', 5, 50), at('c', 1, 100), at('d', -2, 900), at('e', 1, 300)];
    expect(sortHot(items).map((s) => s.id)).toEqual(['b', 'e', 'a', 'c', 'd']);
    // ties on score and time end on the id, whatever the order on the page was
    expect(sortHot([at('x', 1, 5), at('z', 1, 5), at('y', 1, 5)]).map((s) => s.id)).toEqual(['z', 'y', 'x']);
    // no usable time counts as the oldest
    expect(sortHot([at('n', 2, null), at('o', 2, 1)]).map((s) => s.id)).toEqual(['o', 'n']);
    expect(removeItem(page(item('a'), item('b')), 'a').items.map((s) => s.id)).toEqual(['b']);
    expect(prependItem(page(item('a'), item('b')), item('b')).items.map((s) => s.id)).toEqual(['b', 'a']);
  });
});

describe('score display', () => {
  it('shows a plus sign when positive, and its colour', () => {
    expect([formatScore(3), formatScore(0), formatScore(-4)]).toEqual(['+3', '0', '-4']);
    expect([scoreTone(3), scoreTone(0), scoreTone(-4)]).toEqual(['positive', 'zero', 'negative']);
  });
});
