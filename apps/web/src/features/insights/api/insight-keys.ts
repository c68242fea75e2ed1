/**
 * The insights' query keys (docs/conventions.md, convention 7): one answer per number of weeks.
 * Nothing here writes, so nothing invalidates them; they are read again when the screen mounts.
 */
export const insightKeys = {
  all: ['insights'] as const,
  weeks: (weeks: number) => [...insightKeys.all, weeks] as const,
};
