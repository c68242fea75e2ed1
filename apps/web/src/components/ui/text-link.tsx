import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { classNames } from '#/lib/class-names.ts';

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={classNames(
        'rounded font-medium text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
      {...props}
    />
  );
}
