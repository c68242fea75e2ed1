import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination.tsx';

function renderPagination(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPageChange = vi.fn();
  render(
    <Pagination
      page={1}
      totalCount={35}
      pageSize={10}
      isBusy={false}
      onPageChange={onPageChange}
      {...props}
    />,
  );
  return {
    onPageChange,
    previous: screen.getByRole('button', { name: 'Previous' }),
    next: screen.getByRole('button', { name: 'Next' }),
  };
}

describe('pagination', () => {
  it('disables Previous on page 1 and shows the page, the pages and the total', () => {
    const { previous, next } = renderPagination({ totalCount: 1234 });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(screen.getByText('Page 1 of 124')).toBeInTheDocument();
    expect(screen.getByText('1,234 results')).toBeInTheDocument();
  });

  it('shows a total that is a lower bound as such, with Next open', async () => {
    const { next, onPageChange } = renderPagination({
      page: 1000,
      totalCount: 10_010,
      totalIsExact: false,
    });
    expect(screen.getByText('10,010+ results')).toBeInTheDocument();
    expect(screen.getByText('Page 1,000 of 1,001+')).toBeInTheDocument();
    await userEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(1001);
  });

  it('disables Next on the last page', async () => {
    const { previous, next, onPageChange } = renderPagination({ page: 4, totalCount: 35 });
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    await userEvent.click(previous);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('disables both while a page is loading', () => {
    const { previous, next } = renderPagination({ page: 2, isBusy: true });
    expect(previous).toBeDisabled();
    expect(next).toBeDisabled();
  });

  it('disables Next while the total is not known', () => {
    expect(renderPagination({ totalCount: undefined }).next).toBeDisabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('shows an empty list as page 1 of 1 with nowhere to go', () => {
    const { previous, next } = renderPagination({ totalCount: 0 });
    expect(previous).toBeDisabled();
    expect(next).toBeDisabled();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
  });

  it('moves to the next page', async () => {
    const { next, onPageChange } = renderPagination({ page: 2, totalCount: 35 });
    await userEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('offers no page size unless given sizes', () => {
    renderPagination();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
  });

  it("offers the page sizes in a labelled 'Rows per page' select, and counts pages by the size", async () => {
    const onChange = vi.fn();
    renderPagination({
      pageSize: 25,
      totalCount: 60,
      pageSizes: { options: [10, 25, 50], onChange },
    });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('25');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10',
      '25',
      '50',
    ]);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(select, '50');
    expect(onChange).toHaveBeenCalledWith(50);
  });
});
