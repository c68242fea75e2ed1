import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no Tailwind: the rule that hides the phone's layout of a screen wider than a phone (the
// business lists' cards, which stand in for the table there:
// docs/decisions/047-phones-one-list-in-two-layouts-chosen.md) is given here as at jsdom's 1024 px
// width, so the role queries see the screen a desktop user sees, and the text queries skip what is
// hidden too.
const phoneOnly = '.sm\\:hidden';
const responsiveHiding = document.createElement('style');
responsiveHiding.textContent = `${phoneOnly} { display: none; }`;
document.head.append(responsiveHiding);
// findBy… and waitFor wait up to 3 s, not Testing Library's 1 s: an answer from the test's HTTP
// server, a route's lazy chunk and a toast can together take longer than a second on two cores
// shared with the API's tests (a sign-in's toast did in CI). A passing test waits no longer.
configure({ defaultIgnore: `script, style, ${phoneOnly}, ${phoneOnly} *`, asyncUtilTimeout: 3000 });

// The app loads react-toastify with its first toast (lib/toast.tsx); load it once up front so
// that a test's first toast is not slowed by transforming the library on a busy machine. The
// lazy path itself still runs: the container mounts with the first toast, as in the browser.
await import('react-toastify');
