// The My pixels page's URL: ?page= (1-based; anything else is the first page).
import { MAX_PAGE } from '@tessera/facts/submissions';

export interface MyPixelsSearch {
  page?: number;
}

export function validateMyPixelsSearch(search: Record<string, unknown>): MyPixelsSearch {
  const raw = search.page;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 1 && n <= MAX_PAGE ? { page: n } : {};
}
