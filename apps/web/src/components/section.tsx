import type { ReactNode } from 'react';

/** The white card each part of a business screen sits in. */
export const sectionClassName = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** A titled part of a business screen, a region named by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={sectionClassName}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
