import { useMemo } from 'react';
import { useCommands, useCommandState } from '#/hooks/use-commands.ts';
import { savedViewPath, useSavedViews } from '../saved-views.ts';

/**
 * The manager's saved views as actions of the command menu (docs/product.md §12.3): asked for
 * when the menu first opens, as the Views menu asks (§11.4), and kept in the query cache after.
 */
export function SavedViewCommands() {
  const { menuOpen } = useCommandState();
  const views = useSavedViews(menuOpen);
  const commands = useMemo(
    () =>
      (views.data ?? []).map((view) => ({
        id: `view-${view.uuid}`,
        label: `Open view: ${view.name}`,
        to: savedViewPath(view.query),
      })),
    [views.data],
  );
  useCommands('saved-views', commands);
  return null;
}
