import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { classNames } from '#/lib/class-names.ts';

/**
 * Text that acts: a link, or a button that reads as one ("Click to resend."). At least 24 px
 * tall, so it is a tap target even within a line of text (WCAG 2.5.8).
 */
export const textLinkClassName =
  'inline-flex min-h-6 items-center rounded font-medium text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={classNames(textLinkClassName, className)} {...props} />;
}
