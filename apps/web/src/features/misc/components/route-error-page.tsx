import { Button } from '#/components/ui/button.tsx';

/** Shown when a screen fails to load (e.g. a new deployment replaced its chunk) or throws. */
export function RouteErrorPage() {
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">
        This screen could not be displayed. Reloading the page usually fixes it.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </main>
  );
}
