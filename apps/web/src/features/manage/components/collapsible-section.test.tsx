import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CollapsibleSection } from './collapsible-section.tsx';

function renderSections() {
  const user = userEvent.setup();
  render(
    <>
      <CollapsibleSection title="Comments">
        <p>Comment list</p>
      </CollapsibleSection>
      <CollapsibleSection title="Activities log">
        <p>Log entries</p>
      </CollapsibleSection>
    </>,
  );
  return user;
}

describe('collapsible section', () => {
  it('is open by default: a region named by its title, its button controlling the content', () => {
    renderSections();
    const region = screen.getByRole('region', { name: 'Comments' });
    const button = screen.getByRole('button', { name: 'Comments' });
    expect(region).toContainElement(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const content = document.getElementById(button.getAttribute('aria-controls')!);
    expect(content).toHaveTextContent('Comment list');
    expect(content).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Comments' })).toContainElement(button);
  });

  it('closes and opens on click, keeping its content mounted', async () => {
    const user = renderSections();
    const button = screen.getByRole('button', { name: 'Comments' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Comment list')).not.toBeVisible();
    // Only its own content closes.
    expect(screen.getByText('Log entries')).toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Comment list')).toBeVisible();
  });

  it('is reached with Tab and toggled with Enter and Space', async () => {
    const user = renderSections();
    await user.tab();
    const comments = screen.getByRole('button', { name: 'Comments' });
    expect(comments).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(comments).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(comments).toHaveAttribute('aria-expanded', 'true');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Activities log' })).toHaveFocus();
  });
});
