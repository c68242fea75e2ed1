import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { Toaster } from '../lib/toast.tsx';

/** What every screen has: the auth state and the toasts. The query cache is the signed-in area's. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Toaster />
    </AuthProvider>
  );
}
