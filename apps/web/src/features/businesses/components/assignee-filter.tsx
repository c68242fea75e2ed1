import { useId } from 'react';
import { classNames } from '#/lib/class-names.ts';
import { assigneeChoices, type AssigneeChoice } from '../business-list-view.ts';

const options: { value: AssigneeChoice | null; label: string }[] = [
  { value: null, label: 'Everyone' },
  ...assigneeChoices,
];

/**
 * Whose businesses the list shows (docs/product.md §11.1): everyone's, the signed-in manager's
 * ('Mine') or nobody's ('Unassigned'). A group of radio buttons: arrow keys move between them.
 */
export function AssigneeFilter({
  value,
  onChange,
}: {
  value: AssigneeChoice | null;
  onChange: (value: AssigneeChoice | null) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 items-center">
      <legend className="sr-only">Whose businesses</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.label}
              className={classNames(
                'cursor-pointer rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                checked ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                checked={checked}
                onChange={() => onChange(option.value)}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
