/**
 * _Ours_: one timeline per business (docs/product.md §12.1;
 * docs/decisions/106-one-timeline-one-union-query-with-a-keyset.md). Plain values, no schema
 * library, so the screens that read them load no zod; the schemas are in timeline.ts.
 */

export const timelineApiPaths = {
  /** A page of the business's events, newest first. */
  timeline: (businessUuid: string) => `manager/business/timeline/${businessUuid}/`,
} as const;

/**
 * What happened, by kind: a step's status changed, feedback or a post-formation upload went to
 * the client, a comment was added or deleted, a detail was edited, the business was assigned,
 * or the client did something (a submission, a receipt, a document).
 */
export const timelineKinds = [
  'step',
  'feedback',
  'upload',
  'comment',
  'edit',
  'assignment',
  'client',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** How the filter names each kind. */
export const timelineKindLabels: Record<TimelineKind, string> = {
  step: 'Step changes',
  feedback: 'Feedback',
  upload: 'Uploads',
  comment: 'Comments',
  edit: 'Edits',
  assignment: 'Assignments',
  client: "Client's events",
};

/** Events a page carries. */
export const TIMELINE_PAGE_SIZE = 20;

export const timelineTexts = {
  title: 'Timeline',
  allKinds: 'All events',
  empty: 'Nothing has happened to this business yet.',
  emptyKind: 'No events of this kind yet.',
  older: 'Show older events',
  error: 'The timeline could not be loaded.',
  client: 'Client',
  badCursor: 'before must be a next_cursor this timeline answered.',
} as const;
