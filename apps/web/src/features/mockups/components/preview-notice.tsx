import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { GoBackLink } from '#/components/go-back-link.tsx';
import { mockupTexts } from '../texts.ts';

/** The banner at the top of every mock-up: sample data, and nothing is saved. */
export function PreviewNotice() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {mockupTexts.previewNotice}
    </p>
  );
}

/** A mock-up screen: its heading, the preview banner, then its sections. */
export function MockupPage({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons beside the heading ('Go back', say). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
          {title}
        </h1>
        {actions}
      </div>
      <PreviewNotice />
      {children}
    </div>
  );
}

/**
 * The sample a mock-up's address asks for (`?id=`, `?no=`): the first without one, undefined
 * when there is no such sample.
 */
export function pickSample<T>(
  samples: readonly T[],
  wanted: string | null,
  keyOf: (sample: T) => string,
): T | undefined {
  return wanted === null ? samples[0] : samples.find((sample) => keyOf(sample) === wanted);
}

/** What a mock-up shows for an address naming no sample: the fact, and 'Go back'. */
export function MissingSample({
  title,
  backTo,
  text,
}: {
  title: string;
  backTo: string;
  text: string;
}) {
  return (
    <MockupPage title={title} actions={<GoBackLink to={backTo} />}>
      <p className="rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        {text}
      </p>
    </MockupPage>
  );
}
