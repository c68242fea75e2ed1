import { useCallback, useState } from 'react';

/** The focus ring of a box that `useKeyboardScroll` puts in the tab order, drawn inside it. */
export const scrollBoxFocusClassName =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600';

/**
 * For a box that scrolls what it holds (`overflow-*-auto`) and holds nothing focusable of its
 * own: while its content overflows, the box joins the tab order, so that a keyboard can reach
 * it and scroll it with the arrow keys (WCAG 2.1.1; axe's rule scrollable-region-focusable).
 * Content that fits keeps it out, so there is no empty tab stop. Spread the answer on the box,
 * which needs a role and a name (it is announced on focus) and `scrollBoxFocusClassName`.
 */
export function useKeyboardScroll<T extends HTMLElement>() {
  const [overflows, setOverflows] = useState(false);
  const ref = useCallback((box: T | null) => {
    if (!box) return;
    const check = () =>
      setOverflows(box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth);
    check();
    // The box changes size with the window; its content changes size as rows come and go.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    resizes?.observe(box);
    const mutations = new MutationObserver(check);
    mutations.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes?.disconnect();
      mutations.disconnect();
    };
  }, []);
  return { ref, tabIndex: overflows ? 0 : undefined };
}
