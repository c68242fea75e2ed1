/**
 * _Ours_: the insights screen (docs/product.md §12.4). Plain values only, so the screen reads
 * its path, windows and labels without loading a schema library.
 */

/** The insights path, relative to API_BASE_PATH. */
export const insightApiPaths = { insights: 'manager/insights/' } as const;

/** Weeks of the weekly series when the query names none, and the most it may name. */
export const INSIGHT_WEEKS_DEFAULT = 12;
export const INSIGHT_WEEKS_MAX = 52;

/** The windows, in days, over which a step's days are summarised. */
export const insightStepWindows = [30, 90] as const;
export type InsightStepWindow = (typeof insightStepWindows)[number];

/** Failures are the steps that went Failed within this many days. */
export const INSIGHT_FAILURE_DAYS = 90;

export const insightTexts = {
  weeksInvalid: `weeks must be a whole number from 1 to ${INSIGHT_WEEKS_MAX}.`,
  heading: 'Insights',
  menuLabel: 'Insights',
  funnel: 'Formation funnel',
  stepDays: 'Days per step',
  newBusinesses: 'New businesses per week',
  failures: `Failures by feedback title, last ${INSIGHT_FAILURE_DAYS} days`,
  managerChanges: "Each manager's changes per week",
  completed: 'Completed',
  noFeedback: 'No feedback sent',
  noFailures: `No step failed in the last ${INSIGHT_FAILURE_DAYS} days.`,
  noChanges: 'No manager changed anything in these weeks.',
} as const;
