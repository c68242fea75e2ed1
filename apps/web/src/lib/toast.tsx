import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@fd/contract';

/** The one toast container of the app (docs/product.md §8): top centre, 4 s, progress bar. */
export function Toaster() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      newestOnTop
    />
  );
}

export const notifySuccess = (message: string) => toast.success(message);
export const notifyError = (message: string) => toast.error(message);
