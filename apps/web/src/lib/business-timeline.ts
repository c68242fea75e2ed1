/**
 * A business's timeline (docs/product.md §12.1): its events newest first, a page at a time, all
 * of them or one kind's. Here, not in a feature, because the details and the manage screens
 * both show it (apps/web/src/README.md).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  timelineApiPaths,
  type TimelineEvent,
  type TimelineKind,
  type TimelinePage,
} from '@fd/contract';
import { api } from './api-client.ts';
import { businessKeys } from './business-keys.ts';
import { loadTimelineSchema } from './business-schema-loaders.ts';
import { signedLinkQuery } from './query-client.ts';

/** `GET manager/business/timeline/{businessUuid}/?kind&before`: one page. */
export async function getTimelinePage(
  businessUuid: string,
  { kind, before }: { kind?: TimelineKind; before?: string },
  signal?: AbortSignal,
): Promise<TimelinePage> {
  const body = await api.get(timelineApiPaths.timeline(encodeURIComponent(businessUuid)), {
    query: { kind, before },
    schema: loadTimelineSchema,
    signal,
  });
  return body.data;
}

/**
 * The loaded pages as one list. Each page starts after the last event of the one before (a
 * keyset), so events that arrive meanwhile never repeat one; a refetch reads the pages again from
 * the newest, and the new events come first.
 */
export const timelineEvents = (pages: readonly TimelinePage[]): TimelineEvent[] =>
  pages.flatMap((page) => page.events);

/**
 * The timeline, 'Show older events' at a time. Keyed under the business endpoints, so every write
 * on the manage screen (`invalidateAfterWrite`) and every event of the live stream
 * (`invalidateBusinessTimelines`) reads it again without a reload.
 */
export function useBusinessTimeline(businessUuid: string, kind: TimelineKind | undefined) {
  return useInfiniteQuery({
    queryKey: businessKeys.timeline(businessUuid, kind ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      getTimelinePage(businessUuid, { kind, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    select: (data) => timelineEvents(data.pages),
    // Feedback and uploads carry their file's signed link.
    ...signedLinkQuery,
  });
}
