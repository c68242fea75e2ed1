import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn, type DataTableState } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Birch' },
  { id: 3, name: 'Cedar' },
];
const columns: DataTableColumn<Row>[] = [{ header: 'Name', cell: (row) => row.name }];

function renderTable(state?: DataTableState) {
  const onRowActivate = vi.fn();
  const onRowHighlight = vi.fn();
  const view = render(
    <>
      <button type="button">Before</button>
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        state={state}
        onRowActivate={onRowActivate}
        onRowHighlight={onRowHighlight}
      />
    </>,
  );
  const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return { ...view, user: userEvent.setup(), onRowActivate, onRowHighlight, bodyRows };
}

describe('DataTable from the keyboard (docs/product.md §12.3)', () => {
  it('moves the highlight with j and k, and opens the highlighted row on Enter', async () => {
    const { user, onRowActivate, onRowHighlight, bodyRows } = renderTable();
    await user.keyboard('j');
    expect(bodyRows()[0]).toHaveFocus();
    await user.keyboard('jj');
    expect(bodyRows()[2]).toHaveFocus();
    // The last row stays the last.
    await user.keyboard('j');
    expect(bodyRows()[2]).toHaveFocus();
    await user.keyboard('k');
    expect(bodyRows()[1]).toHaveFocus();
    expect(onRowHighlight).toHaveBeenLastCalledWith(rows[1]);

    await user.keyboard('{Enter}');
    expect(onRowActivate).toHaveBeenCalledWith(rows[1]);
  });

  it('starts k at the last row, and leaves Enter to a button outside the rows', async () => {
    const { user, onRowActivate, bodyRows } = renderTable();
    await user.keyboard('k');
    expect(bodyRows()[2]).toHaveFocus();

    const before = screen.getByRole('button', { name: 'Before' });
    const clicked = vi.fn();
    before.addEventListener('click', clicked);
    before.focus();
    await user.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(onRowActivate).not.toHaveBeenCalled();
  });

  it('has no row to move to while it shows a state instead of rows', async () => {
    const { user } = renderTable({ kind: 'loading' });
    await user.keyboard('j');
    expect(document.body).toHaveFocus();
  });
});
