/**
 * The query keys of the business endpoints (docs/conventions.md, convention 7), apart from their
 * fetchers so that what only needs a key (the live stream, the top bar's quick jump) loads no
 * schema.
 */
import type { QueryClient } from '@tanstack/react-query';

/** A list call: the path under the API base and its query parameters. */
export interface BusinessListRequest {
  path: string;
  query: Record<string, string>;
}

export const businessKeys = {
  all: ['businesses'] as const,
  lists: () => [...businessKeys.all, 'list'] as const,
  list: (request: BusinessListRequest) => [...businessKeys.lists(), request] as const,
  details: () => [...businessKeys.all, 'detail'] as const,
  detail: (id: string) => [...businessKeys.details(), id] as const,
  /** The top bar's quick jump (docs/product.md §10.2). */
  search: (term: string) => [...businessKeys.all, 'search', term] as const,
};

/**
 * Refetches the lists and tab counts on screen (the others when next shown): a client's event or
 * another manager's change has reached the live stream. What would move the rows a manager is
 * reading waits for them (`useBusinessList`).
 */
export function invalidateBusinessLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: businessKeys.lists() });
}
