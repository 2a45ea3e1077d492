// Whether the signed-in user already has a submission: found by scanning the loaded list, or known
// from creating one here; cleared when they delete theirs (spec sections 2 and 4).
import { useCallback, useState } from 'react';
import type { Submission } from './artist-selection-api.js';

export function hasOwnSubmission(items: readonly Submission[] | undefined, viewerId: string | null): boolean {
  return viewerId !== null && (items ?? []).some((s) => s.userId === viewerId);
}

export function useOwnSubmission(items: readonly Submission[] | undefined, viewerId: string | null) {
  const [created, setCreated] = useState<string | null>(null);
  const hasOwn = hasOwnSubmission(items, viewerId) || (viewerId !== null && created === viewerId);
  const markCreated = useCallback(() => setCreated(viewerId), [viewerId]);
  const markDeleted = useCallback(() => setCreated(null), []);
  return { hasOwn, markCreated, markDeleted };
}
