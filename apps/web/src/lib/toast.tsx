import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@fd/contract';

/*
 * react-toastify (~9 KB gzip, its CSS inside) loads with the first toast, not with the first screen
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md): the container mounts then, and a toast
 * sent before it is mounted waits in react-toastify's queue, so none is lost or reordered.
 */
const loadToastify = () => import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();

function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

/** The one toast container of the app (docs/product.md §8): top centre, 4 s, progress bar. */
export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-center"
        autoClose={TOAST_AUTO_CLOSE_MS}
        hideProgressBar={false}
        closeOnClick
        pauseOnHover
        newestOnTop
      />
    </Suspense>
  );
}

function notify(kind: 'success' | 'error', message: string): void {
  wantToasts();
  void loadToastify().then(({ toast }) => toast[kind](message));
}

export const notifySuccess = (message: string) => notify('success', message);
export const notifyError = (message: string) => notify('error', message);
