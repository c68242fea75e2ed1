import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Popover, type PopoverKind } from './popover.tsx';

function renderPopover(kind: PopoverKind = 'dialog') {
  const user = userEvent.setup();
  render(
    <>
      <p>Outside</p>
      <Popover kind={kind} label="Options" trigger="Options">
        {({ close }) => (
          <>
            <input type="checkbox" aria-label="Dense rows" />
            <button type="button" onClick={() => close()}>
              Done
            </button>
          </>
        )}
      </Popover>
      <button type="button">After</button>
    </>,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Options' }) };
}

function renderMenu() {
  const user = userEvent.setup();
  render(
    <Popover kind="menu" label="Sort" trigger="Sort">
      <div role="menu" aria-label="Sort">
        {['Name', 'Date', 'Size'].map((name) => (
          <button
            key={name}
            type="button"
            role="menuitemradio"
            aria-checked={name === 'Date'}
            tabIndex={-1}
          >
            {name}
          </button>
        ))}
      </div>
    </Popover>,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Sort' }) };
}

describe('popover', () => {
  it('toggles aria-expanded and points aria-controls at the open panel', async () => {
    const { user, trigger } = renderPopover();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).not.toHaveAttribute('aria-controls');

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'Options' });
    expect(trigger).toHaveAttribute('aria-controls', panel.id);

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says which popup it opens: menu, dialog, or none for a region', () => {
    const { unmount } = render(
      <>
        <Popover kind="menu" label="A menu" trigger="A" />
        <Popover kind="dialog" label="A dialog" trigger="B" />
        <Popover kind="region" label="A region" trigger="C" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'A menu' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('button', { name: 'A dialog' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(screen.getByRole('button', { name: 'A region' })).not.toHaveAttribute('aria-haspopup');
    unmount();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    expect(screen.getByRole('checkbox', { name: 'Dense rows' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes on a press outside, leaving focus alone, and stays open on a press inside', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).not.toHaveFocus();
  });

  it('closes when Tab takes focus out of it', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets its content close it, focus going back to the trigger', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('focuses a region itself when it has nothing focusable', async () => {
    const user = userEvent.setup();
    render(
      <Popover kind="region" label="News" trigger="News">
        <p>Nothing new</p>
      </Popover>,
    );
    await user.click(screen.getByRole('button', { name: 'News' }));
    expect(screen.getByRole('region', { name: 'News' })).toHaveFocus();
  });

  it('opens a menu with ArrowDown on its checked item, and moves with arrows, Home and End', async () => {
    const { user, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Date' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Size' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Size' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Size' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('moves focus in again when its view changes', async () => {
    function TwoViews() {
      const [view, setView] = useState<'first' | 'second'>('first');
      return (
        <Popover kind="menu" label="Views" trigger="Views" view={view}>
          {view === 'first' ? (
            <div role="menu" aria-label="First">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => setView('second')}>
                Next
              </button>
            </div>
          ) : (
            <div role="menu" aria-label="Second">
              <button type="button" role="menuitem" tabIndex={-1}>
                Back
              </button>
            </div>
          )}
        </Popover>
      );
    }
    const user = userEvent.setup();
    render(<TwoViews />);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Back' })).toHaveFocus();
  });

  it('does not open while its trigger is disabled', async () => {
    const user = userEvent.setup();
    render(
      <Popover kind="dialog" label="Locked" trigger="Locked" triggerProps={{ disabled: true }}>
        <p>Never shown</p>
      </Popover>,
    );
    await user.click(screen.getByRole('button', { name: 'Locked' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
