import { z } from 'zod';

/**
 * The two shapes a paged answer takes. Staff lists are numbered (the page and its size come back);
 * public grids count pages (the page bar needs only how many there are).
 */

/** `{ items, page, pageSize, totalCount }`: one page of a numbered staff list. */
export function numberedPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });
}

/** `{ data, page, pageSize, totalCount }`: the reported-content lists, which name their rows `data`. */
export function numberedDataPage<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });
}

/** `{ items, totalCount, totalPages }`: one page of a public grid. */
export function countedPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
}
