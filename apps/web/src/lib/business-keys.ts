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
  /** A business's timeline, all events or one kind's (docs/product.md §12.1). */
  timelines: () => [...businessKeys.all, 'timeline'] as const,
  timeline: (businessUuid: string, kind: string) =>
    [...businessKeys.timelines(), businessUuid, kind] as const,
};

/**
 * Refetches the lists and tab counts on screen (the others when next shown): a client's event or
 * another manager's change has reached the live stream. What would move the rows a manager is
 * reading waits for them (`useBusinessList`).
 */
export function invalidateBusinessLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: businessKeys.lists() });
}

/**
 * Refetches the timelines on screen (the others when next shown): the live stream has brought a
 * change to some business, and the stream does not say which (docs/product.md §12.1).
 */
export function invalidateBusinessTimelines(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: businessKeys.timelines() });
}
