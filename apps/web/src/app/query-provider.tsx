import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { subscribeToSession } from '../lib/session.ts';

/**
 * The server-state cache of the signed-in area. It lives in the signed-in layout rather than
 * at the root, so TanStack Query is not part of the sign-in screen's download
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Nothing cached for one manager may be shown to the next one.
  useEffect(
    () =>
      subscribeToSession((session) => {
        if (!session.token) queryClient.clear();
      }),
    [queryClient],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
