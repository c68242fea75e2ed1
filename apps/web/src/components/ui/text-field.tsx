import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { classNames } from '#/lib/class-names.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's validation message, shown under it and announced. */
  error?: string | undefined;
  /** A short help text under the field. */
  hint?: ReactNode;
  /** Content inside the right edge of the input (e.g. the show/hide password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClassName = (hasError: boolean, className?: string) =>
  classNames(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 focus:ring-offset-0',
    'read-only:bg-slate-100 read-only:text-slate-600',
    hasError
      ? 'border-red-500 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
    className,
  );

/** A labelled input with its error under it (`role="alert"`, linked by aria-describedby). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputClassName(Boolean(error), trailing ? 'pr-11' : undefined)}
          {...inputProps}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's validation message; renders nothing without one. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
  );
}
