/**
 * Artist selection, defined once: what a submission says about itself (its wire shape is the HTTP
 * contract's, `@tessera/api/submissions`), and the list's rules (orders, page sizes, search, submission ids) that the submission service applies,
 * the BFF reads a request by and the web app keeps its URL by. Pure: the web bundle imports it.
 */

/** What a submission says about itself, the same in every shape that carries one. */
export interface SubmissionFields {
  id: string;
  userId: string;
  username: string;
  title: string;
  description: string;
  imageUrl: string;
}

// ---- messages ------------------------------------------------------------------------------------

/**
 * The texts of spec section 8 ("Artist selection") that both sides say: the submission service
 * answers with them (the BFF passes them through) and the web app shows them for the status the
 * spec names (403 on delete, 404, 409 on create, CONTENT_REJECTED, 400 on a vote), whatever a
 * failed answer carried. `deleted` is the delete's success message and the page's toast (spec
 * section 4, "Delete").
 */
export const SUBMISSION_MESSAGES = {
  notFound: 'Submission not found.',
  deleteForbidden: 'You do not have permission to delete this submission.',
  activeExists: 'You already have an active submission. Please edit or delete it first.',
  contentRejected: 'Your submission contains prohibited content. Please remove any hate speech or slurs.',
  invalidVote: 'Invalid vote type.',
  usernameRequired: 'Please choose a username before submitting artwork.',
  deleted: 'Submission deleted successfully',
} as const;

// ---- the list ------------------------------------------------------------------------------------

/** The list orders (spec section 2: Hot, "most votes", and New, "most recent"); Hot unless asked. */
export const SORT_ORDERS = ['hot', 'new'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT: SortOrder = 'hot';

export function isSortOrder(value: unknown): value is SortOrder {
  return (SORT_ORDERS as readonly unknown[]).includes(value);
}

/** Submissions on a page unless the call asks for another number (spec section 9), and the most it may ask. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** The last page a list call may ask for: far beyond any real list, it bounds what the store skips. */
export const MAX_PAGE = 100_000;
/** A search is applied from SEARCH_MIN characters after trimming (spec section 5); longer than SEARCH_MAX is refused. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

/** The search text to apply: trimmed, and none (null) under SEARCH_MIN characters. */
export function searchTerm(raw: string): string | null {
  const text = raw.trim();
  return text.length >= SEARCH_MIN ? text : null;
}

/** The spec's Pagination (section 3) of page `page` (1-based) of `limit` items out of `totalCount`. */
export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** A list's pagination as it travels (the RPC answer, the /api JSON): nothing beyond its fields. */
export function paginationJson(p: Pagination): Pagination {
  return {
    currentPage: p.currentPage,
    totalPages: p.totalPages,
    totalCount: p.totalCount,
    hasNext: p.hasNext,
    hasPrevious: p.hasPrevious,
  };
}

/** The page's pagination, and which items it holds (`skip` items, then `limit`). */
export function pageOf(
  totalCount: number,
  page: number,
  limit: number,
): Pagination & { skip: number; limit: number } {
  const totalPages = Math.ceil(totalCount / limit);
  return {
    currentPage: page,
    totalPages,
    totalCount,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
    skip: (page - 1) * limit,
    limit,
  };
}

/** What the list orders compare: the id, the net score and the creation time (epoch ms). */
export interface Ranked {
  id: string;
  netScore: number;
  createdAt: number;
}

/**
 * Each order's fields, compared in turn, the highest first: Hot is the net score, then the newest;
 * New the newest. Both end on the id, so two submissions never tie: pages never overlap, and the
 * store's order (the submission service), a list re-sorted after a vote (the web app) and the
 * browser tests' fake all agree.
 */
export const ORDER_FIELDS = {
  hot: ['netScore', 'createdAt', 'id'],
  new: ['createdAt', 'id'],
} as const satisfies Record<SortOrder, readonly (keyof Ranked)[]>;

/** Negative when `a` comes before `b` in `order` (ORDER_FIELDS); a comparator for `Array.sort`. */
export function compareSubmissions(order: SortOrder, a: Ranked, b: Ranked): number {
  for (const field of ORDER_FIELDS[order]) {
    // ids are ASCII (isSubmissionId), so string order is the store's byte order
    const x = a[field];
    const y = b[field];
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
}

// ---- ids -----------------------------------------------------------------------------------------

/*
 * The submission service names submissions with `randomUUID()`. The rule takes letters, digits, '_'
 * and '-' up to 64, so anything that could not name one (a path, a space, a control character) is
 * answered "not found" before any lookup.
 */
const SUBMISSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isSubmissionId(value: unknown): value is string {
  return typeof value === 'string' && SUBMISSION_ID.test(value);
}

// ---- votes ---------------------------------------------------------------------------------------

/** A vote as a call asks for it (spec section 7: voteType 1 up or -1 down). */
export type VoteType = 1 | -1;
/** A user's vote on a submission (spec section 3: userVoteType 1, -1, or 0 for none). */
export type UserVoteType = VoteType | 0;

export function isVoteType(value: unknown): value is VoteType {
  return value === 1 || value === -1;
}

/** What a vote does: the user's vote after it, and the change of the submission's net score. */
export interface VoteChange {
  next: UserVoteType;
  delta: number;
}

/**
 * The vote rule (spec section 4, "Voting"): tapping `voteType` when the user's vote is `current`
 * sets it; tapping the same vote again removes it; tapping the opposite switches it. The net score
 * changes by the new vote minus the old, so it stays the sum of the current votes. The submission
 * service applies it to the store and the web app to a card at once, before the server answers.
 */
export function applyVote(current: UserVoteType, voteType: VoteType): VoteChange {
  const next = current === voteType ? 0 : voteType;
  return { next, delta: next - current };
}

/** A submission whose net score falls to REMOVAL_SCORE or lower is removed (spec section 9). */
export const REMOVAL_SCORE = -10;

export function isRemovedByVotes(netScore: number): boolean {
  return netScore <= REMOVAL_SCORE;
}
