/**
 * The loaders of the business endpoints' answer schemas (lib/business-schemas.ts): the calls in
 * business-queries.ts name them, and the routes start them with the calls they start early, so a
 * screen's first answer finds its schema loaded
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export const loadBusinessListSchema = async () =>
  (await import('./business-schemas.ts')).businessListResponseSchema;

export const loadBusinessDetailSchema = async () =>
  (await import('./business-schemas.ts')).businessDetailResponseSchema;

export const loadTeamManagersSchema = async () =>
  (await import('./business-schemas.ts')).teamManagersResponseSchema;

export const loadStepWaitLimitsSchema = async () =>
  (await import('./business-schemas.ts')).stepWaitLimitsResponseSchema;

export const loadTimelineSchema = async () =>
  (await import('./business-schemas.ts')).timelineResponseSchema;
