import type { DocumentListRequest, DocumentTabStatus } from '../document-list-view.ts';

/** Every query key of the feature (STYLE.md, convention 7): all → list(request) → counts. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (request: DocumentListRequest) => [...documentKeys.lists(), request] as const,
  counts: () => [...documentKeys.all, 'counts'] as const,
  count: (tab: DocumentTabStatus) => [...documentKeys.counts(), tab] as const,
};
