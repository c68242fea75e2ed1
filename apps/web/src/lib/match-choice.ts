/**
 * The canonical spelling of `raw` among `choices`, compared case-insensitively; else null.
 * Read from addresses by the filter menu and by the list views, which the entry loads early
 * (so this module imports nothing).
 */
export function matchChoice<Choice extends string>(
  choices: readonly Choice[],
  raw: string | null | undefined,
): Choice | null {
  const wanted = raw?.trim().toLowerCase();
  return (wanted && choices.find((choice) => choice.toLowerCase() === wanted)) || null;
}
