/**
 * Submissions as stored and listed (spec sections 3, 4 and 5): the stored document and the store's
 * form of the list order and the search (the list rules themselves are @tessera/facts/submissions'). Pure.
 */
import { ORDER_FIELDS, type SortOrder } from '@tessera/facts/submissions';

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

/**
 * The store's sort for a list order: facts' ORDER_FIELDS (the same order the web app and the
 * browser tests' fake sort by), each highest first, the id stored as `_id`.
 */
export function sortFor(order: SortOrder): Record<string, -1> {
  const sort: Record<string, -1> = {};
  for (const field of ORDER_FIELDS[order]) sort[field === 'id' ? '_id' : field] = -1;
  return sort;
}

/** A regular expression matching `text` literally. */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Listed and votable. */
export function isActive(doc: Pick<SubmissionDoc, 'status'>): boolean {
  return doc.status === 'active';
}
