import { createContext, use, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { errorMessages, MANAGER_ROLE, type LoginRequest, type Manager } from '@fd/contract';
import { ApiError } from '#/lib/api-client.ts';
import { readSession, saveSession, subscribeToSession } from '#/lib/session.ts';
import { loginWithPassword } from './api/login.ts';
import { requestVerificationCode } from './api/forgot-password.ts';
import { verifyOtpCode } from './api/verify-otp.ts';
import { resetPassword, type ResetPasswordPayload } from './api/reset-password.ts';
import { authReducer, createAuthState, type AuthAction, type AuthState } from './auth-state.ts';
import { errorDetailOr } from '#/lib/error-message.ts';

/** What an auth call gives the screen: the data, or the message to show. */
export type AuthResult<T> = { ok: true; data: T } | { ok: false; message: string };

export interface VerificationCodeSent {
  message: string;
  token: string;
}

export interface AuthActions {
  login(credentials: LoginRequest): Promise<AuthResult<Manager>>;
  requestCode(email: string): Promise<AuthResult<VerificationCodeSent>>;
  /** Like requestCode, but never sets the loading status (docs/product.md §4). */
  resendCode(email: string): Promise<AuthResult<VerificationCodeSent>>;
  verifyCode(otp: string, token: string): Promise<AuthResult<{ reset_token: string }>>;
  resetPassword(payload: ResetPasswordPayload): Promise<AuthResult<void>>;
}

type AuthContextValue = AuthState & AuthActions;

const AuthContext = createContext<AuthContextValue | null>(null);

class NotManagerError extends Error {}

const serverDetailOr = (fallback: string) => (error: unknown) => errorDetailOr(error, fallback);

/**
 * Runs one auth call through the status machine: loading when sent (unless told
 * otherwise), success when it works, error with the message when it fails.
 */
async function runAuthCall<T>(
  dispatch: (action: AuthAction) => void,
  call: () => Promise<T>,
  messageFor: (error: unknown) => string,
  { setsLoading = true } = {},
): Promise<AuthResult<T>> {
  if (setsLoading) dispatch({ type: 'requested' });
  try {
    const data = await call();
    dispatch({ type: 'succeeded' });
    return { ok: true, data };
  } catch (error) {
    const message = messageFor(error);
    dispatch({ type: 'failed', message });
    return { ok: false, message };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, () =>
    createAuthState(readSession()),
  );

  useEffect(
    () => subscribeToSession((session) => dispatch({ type: 'sessionChanged', session })),
    [],
  );

  const actions = useMemo<AuthActions>(() => {
    const sendCode = (email: string, setsLoading: boolean) =>
      runAuthCall(
        dispatch,
        async () => (await requestVerificationCode({ email })).data.detail,
        setsLoading ? serverDetailOr(errorMessages.unknown) : () => errorMessages.resendFailed,
        { setsLoading },
      );

    return {
      login: (credentials) =>
        runAuthCall(
          dispatch,
          async () => {
            const { data } = await loginWithPassword(credentials);
            // Only managers may use the back office; nothing is stored for anyone else.
            if (data.auth.role !== MANAGER_ROLE) throw new NotManagerError();
            saveSession(data.credentials.access, data.auth);
            return data.auth;
          },
          (error) =>
            error instanceof NotManagerError
              ? errorMessages.notManager
              : serverDetailOr(errorMessages.loginException)(error),
        ),
      requestCode: (email) => sendCode(email, true),
      resendCode: (email) => sendCode(email, false),
      verifyCode: (otp, token) =>
        runAuthCall(
          dispatch,
          async () => (await verifyOtpCode({ otp, token })).data,
          (error) =>
            error instanceof ApiError && error.detail
              ? errorMessages.otpInvalid
              : errorMessages.unknown,
        ),
      resetPassword: (payload) =>
        runAuthCall(
          dispatch,
          () => resetPassword(payload),
          // docs/product.md §8's text for a failed reset, unless the server refused the new
          // password itself (too common, the email:
          // docs/decisions/039-one-rule-for-every-new-password.md): then it says why.
          (error) =>
            error instanceof ApiError && error.validations?.password && error.detail
              ? error.detail
              : errorMessages.resetFailed,
        ),
    };
  }, []);

  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
