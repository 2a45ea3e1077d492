/**
 * Submissions as stored and listed (spec sections 3, 4 and 5): the stored document, the list order
 * (hot: net score, then newest; new: newest), pagination, and the search text. Pure.
 */
export type SubmissionStatus =
  /** In the vote: listed, votable, the owner's one active submission. */
  | 'active'
  /** Chosen as the next canvas; the hand-over is under way (no longer listed or votable). */
  | 'promoting'
  /** Became a canvas. */
  | 'featured'
  /** Deleted by its owner. */
  | 'deleted'
  /** Removed: net score -10 or lower, or by an operator. */
  | 'removed';

export interface SubmissionDoc {
  _id: string;
  userId: string;
  username: string;
  title: string;
  description: string;
  /** The object-store key of its image. */
  imageKey: string;
  imageUrl: string;
  createdAt: number;
  netScore: number;
  status: SubmissionStatus;
  /**
   * The owner's user id while the submission is active, absent otherwise: a unique sparse index on
   * it allows one active submission per user.
   */
  activeOwner?: string;
  /**
   * Per voter (a hash of the user id), the version of that voter's last vote applied to `netScore`:
   * applying a vote is `$inc` plus this marker in one conditional update, so a repeated apply (a
   * retry after a crash) changes nothing.
   */
  applied?: Record<string, number>;
  endedAt?: number;
  /** Who ended it and why (owner, votes, an operator with a reason, or the hand-over). */
  endedBy?: string;
  endReason?: string;
  /** The promotion that took it (promoting, featured). */
  promotionId?: string;
  featuredCanvasIndex?: number;
}

export type SortOrder = 'hot' | 'new';

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

/** The store's sort for a list order; ties end on the id so pages never overlap. */
export function sortFor(order: SortOrder): Record<string, 1 | -1> {
  return order === 'hot' ? { netScore: -1, createdAt: -1, _id: -1 } : { createdAt: -1, _id: -1 };
}

export interface Page {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
  hasPrevious: boolean;
  skip: number;
  limit: number;
}

/** The page `page` (1-based) of `limit` items out of `totalCount`. */
export function pageOf(totalCount: number, page: number, limit: number): Page {
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

/** The search text to apply: trimmed, and none under SEARCH_MIN characters (spec section 5). */
export function searchTerm(raw: string): string | null {
  const t = raw.trim();
  return t.length >= SEARCH_MIN ? t : null;
}

/** A regular expression matching `text` literally. */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Listed and votable. */
export function isActive(doc: Pick<SubmissionDoc, 'status'>): boolean {
  return doc.status === 'active';
}
