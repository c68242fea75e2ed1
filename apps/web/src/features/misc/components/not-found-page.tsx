import { useNavigate } from 'react-router';
import { Compass } from 'lucide-react';
import { errorMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { HOME_PATH } from '#/config/paths.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <Compass aria-hidden="true" className="size-16 text-indigo-500" />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">
        {errorMessages.notFound}
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        The address you followed does not lead to any screen of Formation Desk.
      </p>
      <Button className="mt-8" onClick={() => navigate(HOME_PATH)}>
        Go to homepage
      </Button>
    </main>
  );
}
