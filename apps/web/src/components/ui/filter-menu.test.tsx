import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  describeFilter,
  FilterMenu,
  type FilterMenuOption,
  type FilterSelection,
} from './filter-menu.tsx';

const options: FilterMenuOption[] = [
  { id: 'none', label: 'Filter', kind: 'clear' },
  { id: 'date', label: 'Date', kind: 'date-range' },
  { id: 'country', label: 'Country', kind: 'choice', choices: ['USA', 'UK', 'CANADA', 'UAE'] },
  { id: 'paid', label: 'Paid', kind: 'instant' },
];

function renderMenu(value: FilterSelection | null = null) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(
    <FilterMenu
      label="Filter"
      options={options}
      value={value ? [value] : []}
      onChange={onChange}
    />,
  );
  return { onChange, user, trigger: screen.getByRole('button', { name: 'Filter' }) };
}

function renderMultiple(value: FilterSelection[]) {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  const user = userEvent.setup();
  render(
    <FilterMenu
      label="Filter"
      options={options}
      value={value}
      onChange={onChange}
      multiple={{ onRemove }}
    />,
  );
  return { onChange, onRemove, user, trigger: screen.getByRole('button', { name: 'Filter' }) };
}

describe('filter menu', () => {
  it('lists the filter kinds, with the one in effect checked', async () => {
    const { user, trigger } = renderMenu();
    await user.click(trigger);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Filter', 'Date', 'Country', 'Paid']);
    expect(screen.getByRole('menuitemradio', { name: 'Filter' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Filter' })).toHaveFocus();
  });

  it('applies an instant filter at once and closes', async () => {
    const { user, trigger, onChange } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemradio', { name: 'Paid' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'paid' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens the values of a choice and applies the one picked, from the keyboard too', async () => {
    const { user, trigger, onChange } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('menu', { name: 'Country' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitemradio', { name: 'UK' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'country', choice: 'UK' });
  });

  it('clears with the Filter item', async () => {
    const { user, trigger, onChange } = renderMenu({ id: 'country', choice: 'UAE' });
    expect(trigger).toHaveAccessibleName('Filter');
    expect(trigger).toHaveAccessibleDescription('Country: UAE');
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemradio', { name: 'Filter' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('picks a date range on the calendar and applies it as YYYY-MM-DD days', async () => {
    const { user, trigger, onChange } = renderMenu({
      id: 'date',
      range: { from: '2026-01-05', to: '2026-01-05' },
    });
    expect(trigger).toHaveAccessibleDescription('Date: 1/5/2026');
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemradio', { name: 'Date' }));
    const apply = await screen.findByRole('button', { name: 'Apply' }, { timeout: 5000 });

    // The range in effect is shown; a later day extends it.
    expect(screen.getByRole('button', { name: /January 5th, 2026, selected/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /January 12th, 2026/ }));
    await user.click(apply);
    expect(onChange).toHaveBeenCalledWith({
      id: 'date',
      range: { from: '2026-01-05', to: '2026-01-12' },
    });
  });

  it('describes the filter in effect', () => {
    expect(describeFilter(options, null)).toBeNull();
    expect(describeFilter(options, { id: 'paid' })).toBe('Paid');
    expect(
      describeFilter(options, { id: 'date', range: { from: '2026-01-05', to: '2026-01-09' } }),
    ).toBe('Date: 1/5/2026 – 1/9/2026');
  });
});

describe('filter menu with several filters at once', () => {
  const applied: FilterSelection[] = [{ id: 'country', choice: 'UK' }, { id: 'paid' }];

  it('checks every applied kind, as checkboxes, and describes them all', async () => {
    const { user, trigger } = renderMultiple(applied);
    expect(trigger).toHaveAccessibleName('Filter');
    expect(trigger).toHaveAccessibleDescription('Country: UK, Paid');
    // The button shows how many; the description lists them.
    expect(within(trigger).getByText('2')).toBeVisible();
    expect(within(trigger).getByText('Country: UK, Paid')).not.toBeVisible();
    await user.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Filter' })).not.toHaveAttribute('aria-checked');
    expect(
      screen
        .getAllByRole('menuitemcheckbox')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['Date', 'false'],
      ['Country', 'true'],
      ['Paid', 'true'],
    ]);
    // Focus starts on the first applied kind.
    expect(screen.getByRole('menuitemcheckbox', { name: 'Country' })).toHaveFocus();
  });

  it("removes an applied instant kind chosen again, and shows a choice's applied value", async () => {
    const { user, trigger, onChange, onRemove } = renderMultiple(applied);
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Paid' }));
    expect(onRemove).toHaveBeenCalledWith('paid');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Country' }));
    expect(screen.getByRole('menuitemradio', { name: 'UK' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'UAE' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'country', choice: 'UAE' });
  });

  it("adds a kind not applied yet, and 'Filter' asks to clear", async () => {
    const { user, trigger, onChange, onRemove } = renderMultiple([{ id: 'country', choice: 'UK' }]);
    expect(trigger).toHaveAccessibleDescription('Country: UK');
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Paid' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 'paid' });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Filter' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(onRemove).not.toHaveBeenCalled();
  });
});
