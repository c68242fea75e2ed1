import { Hourglass } from 'lucide-react';

/** The page of a section that is not open yet (docs/product.md §2: /compliance). */
export function ComingSoonPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Hourglass aria-hidden="true" className="size-12 text-indigo-500" />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">Coming Soon</h1>
      <p className="mt-3 max-w-md text-slate-600">
        We are still building this section. Check back in a later release.
      </p>
    </div>
  );
}
