import { useId, useState, type FormEvent } from 'react';
import type { BusinessDetail } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { inputClassName } from '#/components/ui/text-field.tsx';
import { errorDetailOr } from '#/lib/error-message.ts';
import { useSession } from '#/lib/session.ts';
import { assigneeLabel, teamManagerName, useTeamManagers } from '#/lib/team-managers.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAssignBusiness } from '../api/assign-business.ts';

export const ASSIGN_FAILED = 'The assignment could not be saved. Please try again.';

/**
 * Whose the business is (docs/product.md §11.1): the assignee's name, 'Assign to me', a choice
 * of another active manager, and 'Unassign'. Each change is one call; the log shows it after.
 */
export function AssigneeControl({ business }: { business: BusinessDetail }) {
  const { manager: me } = useSession();
  const managers = useTeamManagers();
  const assign = useAssignBusiness(business.uuid);
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const assigneeId = business.assignee_id;
  const others = (managers.data ?? []).filter(
    (manager) => manager.is_active && manager.id !== assigneeId,
  );

  const change = (managerId: number | null) =>
    assign.mutate(managerId, {
      onSuccess: (answer) => {
        setChosen('');
        notifySuccess(answer.message ?? 'Saved.');
      },
      onError: (error) => notifyError(errorDetailOr(error, ASSIGN_FAILED)),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) change(Number(chosen));
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">Assignee: </span>
        <span data-testid="assignee-name">
          {managers.isPending && assigneeId !== null
            ? 'Loading…'
            : assigneeLabel(managers.data, assigneeId)}
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {me && me.id !== assigneeId && (
          <Button variant="secondary" disabled={assign.isPending} onClick={() => change(me.id)}>
            Assign to me
          </Button>
        )}
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
          <div>
            <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-slate-600">
              Assign to another manager
            </label>
            <select
              id={selectId}
              className={inputClassName(false, 'min-w-48')}
              value={chosen}
              disabled={assign.isPending || managers.isPending}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">{managers.isError ? 'Managers could not load' : 'Choose…'}</option>
              {others.map((manager) => (
                <option key={manager.id} value={manager.id}>
                  {teamManagerName(manager)}
                  {manager.id === me?.id ? ' (you)' : ''}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={!chosen || assign.isPending}>
            Assign
          </Button>
        </form>
        {assigneeId !== null && (
          <Button variant="ghost" disabled={assign.isPending} onClick={() => change(null)}>
            Unassign
          </Button>
        )}
      </div>
    </div>
  );
}
