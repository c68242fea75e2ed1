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

describe('DataTable headers that sort (docs/product.md §11.5)', () => {
  function renderSorting(direction: 'ascending' | 'descending' | undefined) {
    const onSort = vi.fn();
    render(
      <DataTable
        label="Things"
        columns={[
          { header: 'Name', cell: (row: Row) => row.name, sort: { direction, onSort } },
          { header: 'Id', cell: (row: Row) => row.id },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    return { onSort, user: userEvent.setup() };
  }

  it('puts a button named by the header in its cell, which states its order', () => {
    renderSorting('descending');
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(header).getByRole('button', { name: 'Name' })).toBeInTheDocument();
    // A header that does not sort is plain text, with no order stated.
    const plain = screen.getByRole('columnheader', { name: 'Id' });
    expect(plain).not.toHaveAttribute('aria-sort');
    expect(within(plain).queryByRole('button')).toBeNull();
  });

  it('states no order on a sorting header whose column is not the one sorted', () => {
    renderSorting(undefined);
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
  });

  it('sorts on a click, and from the keyboard with Enter or Space', async () => {
    const { onSort, user } = renderSorting('ascending');
    const button = screen.getByRole('button', { name: 'Name' });
    await user.click(button);
    expect(onSort).toHaveBeenCalledTimes(1);
    // Tab reaches it from before the table, as any button.
    button.blur();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onSort).toHaveBeenCalledTimes(3);
  });
});
