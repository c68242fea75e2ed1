import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
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
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {actions}
      </div>
      <PreviewNotice />
      {children}
    </div>
  );
}
