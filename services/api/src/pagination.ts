/** The spec's Pagination (section 3) of a paged list, as every paged `/api` answer carries it. */
import { z } from 'zod';

export const Pagination = z.object({
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().nonnegative(),
  totalCount: z.number().int().nonnegative(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
});
export type Pagination = z.infer<typeof Pagination>;
