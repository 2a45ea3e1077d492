import { compareCodePoints } from '@tessera/kit/ports';

export interface ScoredMember {
  member: string;
  score: number;
}

/** Redis order: by score, then by member bytes (code points) for equal scores. */
export function compareScored(a: ScoredMember, b: ScoredMember): number {
  if (a.score < b.score) return -1;
  if (a.score > b.score) return 1;
  return compareCodePoints(a.member, b.member);
}

/**
 * An in-memory sorted set with Redis semantics for ZADD (add or update the score), ZRANGE BYSCORE
 * with LIMIT (inclusive bounds, lowest first) and ZREM. A sorted array plus a member index: range
 * queries are a binary search plus the members returned; updates cost one array splice.
 */
export class SortedSet {
  readonly #scores = new Map<string, number>();
  readonly #items: ScoredMember[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** Adds the member or moves it to its new score. True when the member is new. */
  add(member: string, score: number): boolean {
    const old = this.#scores.get(member);
    if (old !== undefined) {
      if (old === score) return false;
      this.#items.splice(this.#indexOf({ member, score: old }), 1);
    }
    const item = { member, score };
    this.#items.splice(this.#lowerBound(item), 0, item);
    this.#scores.set(member, score);
    return old === undefined;
  }

  /** True when the member was there and is now removed. */
  remove(member: string): boolean {
    const score = this.#scores.get(member);
    if (score === undefined) return false;
    this.#items.splice(this.#indexOf({ member, score }), 1);
    this.#scores.delete(member);
    return true;
  }

  score(member: string): number | undefined {
    return this.#scores.get(member);
  }

  /** Members with min <= score <= max, lowest first, at most `limit` (all when undefined). */
  rangeByScore(min: number, max: number, limit?: number): ScoredMember[] {
    const out: ScoredMember[] = [];
    if (min > max || limit === 0) return out;
    let lo = 0;
    let hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#items[mid]!.score < min) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.#items.length; i++) {
      const item = this.#items[i]!;
      if (item.score > max) break;
      out.push({ member: item.member, score: item.score });
      if (limit !== undefined && out.length >= limit) break;
    }
    return out;
  }

  /** First index whose item sorts at or after `item`. */
  #lowerBound(item: ScoredMember): number {
    let lo = 0;
    let hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareScored(this.#items[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #indexOf(item: ScoredMember): number {
    const i = this.#lowerBound(item);
    const found = this.#items[i];
    if (!found || found.member !== item.member) throw new Error('sorted set index out of sync');
    return i;
  }
}
