import type { AuthStatus, Manager } from '@fd/contract';
import type { Session } from '#/lib/session.ts';

/** docs/product.md §3 "Auth state". */
export interface AuthState {
  status: AuthStatus;
  errorMessage: string | null;
  token: string | null;
  isAuthenticated: boolean;
  user: Manager | null;
}

export type AuthAction =
  /** An auth call was sent (the resend-code call never sends this). */
  | { type: 'requested' }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string }
  /** The stored session changed: sign-in, sign-out, a 401, another tab. */
  | { type: 'sessionChanged'; session: Session };

export function createAuthState(session: Session): AuthState {
  return {
    status: 'idle',
    errorMessage: null,
    token: session.token,
    isAuthenticated: session.token !== null,
    user: session.manager,
  };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'requested':
      return { ...state, status: 'loading', errorMessage: null };
    case 'succeeded':
      return { ...state, status: 'success', errorMessage: null };
    case 'failed':
      return { ...state, status: 'error', errorMessage: action.message };
    case 'sessionChanged':
      return {
        ...state,
        token: action.session.token,
        isAuthenticated: action.session.token !== null,
        user: action.session.manager,
      };
  }
}
