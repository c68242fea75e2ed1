import { useId } from 'react';
import { listSorts, type ListSort } from '@fd/contract';
import { sortLabels } from '../business-list-view.ts';

/** The list's order (docs/product.md §11.5): by creation or by how long the step has waited. */
export function SortSelect({
  value,
  onChange,
}: {
  value: ListSort;
  onChange: (sort: ListSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>Sort</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ListSort)}
        className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {listSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
