import type { BusinessListRequest } from './business-queries.ts';

/**
 * Every query key of the business endpoints (docs/conventions.md, convention 7). On its own, so
 * code that only needs a key (the top bar's quick jump) loads none of the business schemas.
 */
export const businessKeys = {
  all: ['businesses'] as const,
  lists: () => [...businessKeys.all, 'list'] as const,
  list: (request: BusinessListRequest) => [...businessKeys.lists(), request] as const,
  details: () => [...businessKeys.all, 'detail'] as const,
  detail: (id: string) => [...businessKeys.details(), id] as const,
  /** The top bar's quick jump (docs/product.md §10.2). */
  search: (term: string) => [...businessKeys.all, 'search', term] as const,
};
