import type { ReactNode } from 'react';
import { Button } from '#/components/ui/button.tsx';
import { Spinner } from '#/components/ui/spinner.tsx';

/** While a section's list loads (the business screens' sections: manage, details). */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6 text-indigo-600">
      <Spinner label={label} />
    </div>
  );
}

/** A section's list could not be loaded: what failed, and a way to ask again. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 py-2 text-sm text-red-600">
      <span>{message}</span>
      <Button variant="secondary" className="px-3 py-1.5" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A section's empty list. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-500">{children}</p>;
}
