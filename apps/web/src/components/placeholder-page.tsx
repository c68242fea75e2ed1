import { Construction } from 'lucide-react';

/** Stands in for a screen that a later issue builds, so every route already has a page. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Construction aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-4 max-w-md text-sm text-slate-600">
          This screen is not built yet. It will arrive with a later release.
        </p>
      </div>
    </div>
  );
}
