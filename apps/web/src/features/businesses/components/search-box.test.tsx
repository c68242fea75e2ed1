import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@fd/contract';
import { SearchBox } from './search-box.tsx';

describe('search box debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderSearch(value = '') {
    const onSearch = vi.fn();
    const view = render(<SearchBox label="Search businesses" value={value} onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search businesses' });
    const rerender = (next: string) =>
      view.rerender(<SearchBox label="Search businesses" value={next} onSearch={onSearch} />);
    // One change event per key; the clock between keys is driven by hand.
    const type = (text: string) => {
      for (const key of text) {
        fireEvent.change(input, {
          target: { value: `${(input as HTMLInputElement).value}${key}` },
        });
      }
    };
    const clear = () => fireEvent.change(input, { target: { value: '' } });
    return { onSearch, type, clear, input, rerender };
  }

  it('reports the text once, 500 ms after the last key', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    const { onSearch, type } = renderSearch();
    type('acme');
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('starts the wait again with every key', () => {
    const { onSearch, type } = renderSearch();
    type('ac');
    act(() => vi.advanceTimersByTime(400));
    type('me');
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('trims the text and reports nothing when it matches the search in effect', () => {
    const { onSearch, type, clear } = renderSearch('acme');
    type('  ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).not.toHaveBeenCalled();

    clear();
    type(' globex ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('globex');
  });

  it('shows a search changed from outside and drops the pending one', () => {
    const { onSearch, type, input, rerender } = renderSearch('acme');
    type('x');
    rerender('globex');
    expect(input).toHaveValue('globex');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
