import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The app loads react-toastify with its first toast (lib/toast.tsx); load it once up front so
// that a test's first toast is not slowed by transforming the library on a busy machine. The
// lazy path itself still runs: the container mounts with the first toast, as in the browser.
await import('react-toastify');
