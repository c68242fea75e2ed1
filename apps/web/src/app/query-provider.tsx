import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';

/**
 * The server-state cache of the signed-in area. It lives in the signed-in layout rather than
 * at the root, so TanStack Query is not part of the sign-in screen's download
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md); the cache itself is the one the route
 * loaders fill (lib/query-client.ts).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
