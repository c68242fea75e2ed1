/**
 * _Ours_: how the service is doing (docs/product.md §12.4;
 * docs/decisions/109-insights-computed-on-request.md). One answer holds every figure the
 * insights screen draws, so the screen and its tables read one consistent moment.
 */
import { z } from 'zod';
import { formationStepKeys } from './enums.ts';
import { successBody } from './errors.ts';
import { INSIGHT_WEEKS_DEFAULT, INSIGHT_WEEKS_MAX, insightTexts } from './insight-values.ts';
import { wholeNumber } from './query.ts';

export const insightsQuerySchema = z
  .strictObject({
    weeks: wholeNumber('weeks', 1, INSIGHT_WEEKS_MAX, insightTexts.weeksInvalid).describe(
      `Weeks of the weekly series, ending with the current one (default ${INSIGHT_WEEKS_DEFAULT}).`,
    ),
  })
  .transform(({ weeks }) => ({ weeks: weeks ?? INSIGHT_WEEKS_DEFAULT }));
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const count = z.number().int().min(0);
/** Days as a number with one decimal; null when no step was approved in the window. */
const days = z.number().nullable();

export const insightsSchema = z.object({
  /** The moment the figures were read (ISO 8601). */
  as_of: z.string(),
  /** Monday (UTC, YYYY-MM-DD) of each week of the weekly series, oldest first. */
  weeks: z.array(z.string()),
  /** Businesses by their current activity: the step they are at and its status. */
  funnel: z.object({
    steps: z.array(
      z.object({
        step: z.enum(formationStepKeys),
        pending: count,
        processing: count,
        failed: count,
      }),
    ),
    completed: count,
  }),
  /** Per step and window: how many were approved in it, and the median and p90 of their days. */
  step_days: z.array(
    z.object({
      step: z.enum(formationStepKeys),
      window_days: z.number().int(),
      approved: count,
      median_days: days,
      p90_days: days,
    }),
  ),
  /** Businesses created in each week of `weeks`. */
  new_businesses: z.array(count),
  /** Steps that went Failed in the last 90 days, by the title of their latest feedback. */
  failures: z.array(z.object({ feedback_title: z.string().nullable(), count })),
  /** Each manager's logged actions in each week of `weeks`. */
  manager_changes: z.array(
    z.object({
      manager_id: z.number().nullable(),
      manager_name: z.string(),
      counts: z.array(count),
    }),
  ),
});
export type Insights = z.infer<typeof insightsSchema>;
export const insightsResponseSchema = successBody(insightsSchema);
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
