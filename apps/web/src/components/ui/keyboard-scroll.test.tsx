import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useKeyboardScroll } from './keyboard-scroll.ts';

/** jsdom lays nothing out: here a list's content is 40 px a row, in a box 100 px high. */
const ROW_HEIGHT = 40;
const BOX_HEIGHT = 100;

function Log({ rows }: { rows: number }) {
  const scroll = useKeyboardScroll<HTMLUListElement>();
  return (
    <ul {...scroll} aria-label="Activities">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index}>Entry {index + 1}</li>
      ))}
    </ul>
  );
}

describe('useKeyboardScroll', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(BOX_HEIGHT);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.children.length * ROW_HEIGHT;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps a box whose content fits out of the tab order', () => {
    render(<Log rows={2} />);
    expect(screen.getByRole('list', { name: 'Activities' })).not.toHaveAttribute('tabindex');
  });

  it('puts a box whose content overflows in the tab order', () => {
    render(<Log rows={3} />);
    expect(screen.getByRole('list', { name: 'Activities' })).toHaveAttribute('tabindex', '0');
  });

  it('follows the content as rows come and go', async () => {
    const { rerender } = render(<Log rows={1} />);
    const list = screen.getByRole('list', { name: 'Activities' });
    rerender(<Log rows={5} />);
    await waitFor(() => expect(list).toHaveAttribute('tabindex', '0'));
    rerender(<Log rows={2} />);
    await waitFor(() => expect(list).not.toHaveAttribute('tabindex'));
  });
});
