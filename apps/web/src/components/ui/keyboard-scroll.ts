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
    // Reading the box's sizes makes the browser lay the page out there and then. A ResizeObserver
    // reports the box once it has been laid out anyway (and again as the window changes it), so the
    // first check waits for that, and a change of content is checked at the next frame, once for
    // all the changes of a render (docs/decisions/038-a-signed-in-first-visit-the-route.md).
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    if (resizes) resizes.observe(box);
    else check();
    let frame: number | undefined;
    const nextFrame = () => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        check();
      });
    };
    const mutations = new MutationObserver(nextFrame);
    mutations.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes?.disconnect();
      mutations.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, []);
  return { ref, tabIndex: overflows ? 0 : undefined };
}
