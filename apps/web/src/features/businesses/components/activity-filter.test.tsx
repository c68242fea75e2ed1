import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activityFilterOptions, activityStatusFilterOptions } from '@fd/contract';
import { noActivityFilter, type ActivityFilter as Value } from '../business-list-view.ts';
import { ActivityFilter } from './activity-filter.tsx';

function renderFilter(value: Value = noActivityFilter) {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<ActivityFilter value={value} onApply={onApply} />);
  return { onApply, user, trigger: screen.getByRole('button', { name: 'Filter by activity' }) };
}

describe('filter-by-activity popup', () => {
  it('offers the activity and status options of docs/product.md §9', async () => {
    const { user, trigger } = renderFilter();
    await user.click(trigger);
    const popup = screen.getByRole('dialog', { name: 'Filter by activity' });
    const activity = within(popup).getByRole('group', { name: 'Activity' });
    const status = within(popup).getByRole('group', { name: 'Status' });
    expect(
      within(activity)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...activityFilterOptions]);
    expect(
      within(status)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...activityStatusFilterOptions]);
  });

  it('keeps Apply disabled while both selections are empty', async () => {
    const { user, trigger, onApply } = renderFilter();
    await user.click(trigger);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.click(apply);
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Processing' }));
    expect(apply).toBeEnabled();
  });

  it('applies an activity alone, or with a status, and closes', async () => {
    const { user, trigger, onApply } = renderFilter();
    await user.click(trigger);
    await user.click(screen.getByRole('radio', { name: 'Tax EIN' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(onApply).toHaveBeenCalledWith({ activity: 'Tax EIN', status: 'Failed' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('shows the applied choice on the button and opens with it selected', async () => {
    const { user, trigger } = renderFilter({ activity: 'Stripe', status: 'Pending' });
    expect(trigger).toHaveAccessibleName('Filter by activity');
    expect(trigger).toHaveAccessibleDescription('Stripe · Pending');
    await user.click(trigger);
    expect(screen.getByRole('radio', { name: 'Stripe' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Stripe' })).toHaveFocus();
  });

  it('clears an applied filter', async () => {
    const { user, trigger, onApply } = renderFilter({ activity: 'Stripe', status: null });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith({ activity: null, status: null });
  });

  it('drops an unapplied choice when closed with Escape', async () => {
    const { user, trigger, onApply } = renderFilter();
    await user.click(trigger);
    await user.click(screen.getByRole('radio', { name: 'Stripe' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();

    await user.click(trigger);
    expect(screen.getByRole('radio', { name: 'Stripe' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
