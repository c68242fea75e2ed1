import { useMemo } from 'react';
import { useCommands, useCommandState } from '#/hooks/use-commands.ts';
import { errorDetailOr } from '#/lib/error-message.ts';
import { useSession } from '#/lib/session.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAssignBusiness } from '../api/assign-business.ts';
import { ASSIGN_FAILED } from './assignee-control.tsx';

/**
 * 'Assign … to me' in the command menu (docs/product.md §12.3), for the business the screen
 * names: the manage screen's, or the list's highlighted row. The same call and answers as the
 * manage screen's 'Assign to me' (§11.1).
 */
export function AssignToMeCommand() {
  const { target } = useCommandState();
  const { manager: me } = useSession();
  const assign = useAssignBusiness(target?.uuid ?? '');
  const { mutate } = assign;
  const commands = useMemo(
    () =>
      target && me
        ? [
            {
              id: 'assign-to-me',
              label: `Assign ${target.name} to me`,
              run: () =>
                mutate(me.id, {
                  onSuccess: (answer) => notifySuccess(answer.message ?? 'Saved.'),
                  onError: (error) => notifyError(errorDetailOr(error, ASSIGN_FAILED)),
                }),
            },
          ]
        : [],
    [target, me, mutate],
  );
  useCommands('assign-to-me', commands);
  return null;
}
