import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

interface AddressViewCodec<View> {
  /** Reads the view from the address query; stable (a module function), so it parses once per address. */
  parse: (query: URLSearchParams) => View;
  /** Writes the view as an address query. */
  write: (view: View) => URLSearchParams;
}

/**
 * A list's view kept in the address query (docs/architecture.md §8), and the one way to change
 * it.
 *
 * The router draws a new address in a React transition, so a change is on screen a moment after
 * it is asked for; a second choice made in that moment (a quick hand, a busy machine) would be
 * built on the view last drawn and undo the first: a tab chosen, then a page size, and the tab
 * lost. So each change builds on the last view asked for until the address drawn moves (to that
 * view, or elsewhere by Back).
 */
export function useAddressView<View>({ parse, write }: AddressViewCodec<View>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parse(searchParams), [parse, searchParams]);
  const asked = useRef<View | null>(null);
  const drawn = searchParams.toString();
  // Before any handler can run on the new address: what it shows is the view to build on.
  useLayoutEffect(() => {
    asked.current = null;
  }, [drawn]);

  /** The view to build a change on: the last one asked for, or else the one drawn. */
  const latest = useCallback(() => asked.current ?? view, [view]);
  const show = useCallback(
    (next: View, options?: { replace?: boolean }) => {
      asked.current = next;
      setSearchParams(write(next), options);
    },
    [write, setSearchParams],
  );
  return { searchParams, view, latest, show };
}
