import type { ReactNode } from 'react';
import { SearchX, TriangleAlert } from 'lucide-react';
import { ApiError } from '#/lib/api-client.ts';
import { GoBackLink } from './go-back-link.tsx';
import { Button } from './ui/button.tsx';

function Notice({
  backTo,
  icon,
  title,
  children,
}: {
  backTo: string;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <GoBackLink to={backTo} />
      <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
        {icon}
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

interface BusinessLoadErrorProps {
  error: Error;
  /** Where 'Go back' leads. */
  backTo: string;
  isRetrying: boolean;
  onRetry: () => void;
}

/**
 * A business screen whose detail did not load (docs/product.md §2.3): docs/product.md §8 leaves
 * the failure silent; here an unknown business reads "Business not found", any other failure is
 * shown with a way to try again.
 */
export function BusinessLoadError({ error, backTo, isRetrying, onRetry }: BusinessLoadErrorProps) {
  // A malformed id cannot name a business either.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <Notice
        backTo={backTo}
        icon={<SearchX aria-hidden="true" className="size-10 text-slate-400" />}
        title="Business not found"
      >
        <p className="mt-2 max-w-md text-sm text-slate-600">
          No business has this address. It may have been removed, or the link is incomplete.
        </p>
      </Notice>
    );
  }
  return (
    <Notice
      backTo={backTo}
      icon={<TriangleAlert aria-hidden="true" className="size-10 text-red-500" />}
      title="The business details could not be loaded."
    >
      <p role="alert" className="mt-2 max-w-md text-sm text-slate-600">
        {error instanceof ApiError
          ? error.message
          : 'The server could not be reached. Check the connection and try again.'}
      </p>
      <Button
        variant="secondary"
        className="mt-5"
        isLoading={isRetrying}
        loadingText="Trying again..."
        onClick={onRetry}
      >
        Try again
      </Button>
    </Notice>
  );
}
