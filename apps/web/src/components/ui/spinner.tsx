import { LoaderCircle } from 'lucide-react';
import { classNames } from '#/lib/class-names.ts';

interface SpinnerProps {
  /** Announced to screen readers; omit when a visible text already says it. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    // role="status" takes its name from aria-label only, so the label is given both ways.
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      className="inline-flex items-center"
    >
      <LoaderCircle aria-hidden="true" className={classNames('size-5 animate-spin', className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** A centred spinner filling the space of a screen that is still loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-indigo-600">
      <Spinner label="Loading" className="size-8" />
    </div>
  );
}
