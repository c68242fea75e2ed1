import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver that loads (with its schema and zod) on the form's first check rather than
 * with the screen: the check is as strict as the schema's, and only the first one waits for
 * the chunk (docs/decisions/087-answers-schemas-load-with-the-first-call.md). A load that
 * fails fails that check, and the next check tries again.
 */
export function lazyResolver<Values extends FieldValues, Context, Checked>(
  load: () => Promise<Resolver<Values, Context, Checked>>,
): Resolver<Values, Context, Checked> {
  let loading: Promise<Resolver<Values, Context, Checked>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    try {
      return await (
        await loading
      )(values, context, options);
    } catch (error) {
      loading = undefined;
      throw error;
    }
  };
}
