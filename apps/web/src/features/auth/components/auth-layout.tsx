import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of the public screens: the brand and one white card. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-blue-50 px-4 py-12">
      {/* The page's banner: the brand sits in a landmark like the rest of the page. */}
      <header className="mb-8 flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-xl bg-indigo-600 text-lg font-bold text-white"
        >
          F
        </span>
        <span className="text-xl font-semibold tracking-tight text-slate-900">Formation Desk</span>
      </header>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
