import type { BusinessListRequest, BusinessTabStatus } from '../business-list-view.ts';

/** Every query key of the feature (STYLE.md, convention 7): all → list(request) → counts → detail(id). */
export const businessKeys = {
  all: ['businesses'] as const,
  lists: () => [...businessKeys.all, 'list'] as const,
  list: (request: BusinessListRequest) => [...businessKeys.lists(), request] as const,
  counts: () => [...businessKeys.all, 'counts'] as const,
  count: (tab: BusinessTabStatus) => [...businessKeys.counts(), tab] as const,
  details: () => [...businessKeys.all, 'detail'] as const,
  detail: (id: string) => [...businessKeys.details(), id] as const,
};
