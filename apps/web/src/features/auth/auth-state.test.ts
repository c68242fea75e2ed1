import { describe, expect, it } from 'vitest';
import { demoManager } from '#/testing/render-route.tsx';
import { authReducer, createAuthState, type AuthState } from './auth-state.ts';

const signedOut = createAuthState({ token: null, manager: null });

describe('auth reducer', () => {
  it('starts idle, signed in or out according to the stored session', () => {
    expect(signedOut).toEqual({
      status: 'idle',
      errorMessage: null,
      token: null,
      isAuthenticated: false,
      user: null,
    });
    expect(createAuthState({ token: 't', manager: demoManager })).toMatchObject({
      status: 'idle',
      token: 't',
      isAuthenticated: true,
      user: demoManager,
    });
  });

  it('goes idle → loading → success', () => {
    const loading = authReducer(signedOut, { type: 'requested' });
    expect(loading.status).toBe('loading');
    const success = authReducer(loading, { type: 'succeeded' });
    expect(success).toMatchObject({ status: 'success', errorMessage: null });
  });

  it('goes loading → error with the message, and clears the message on the next request', () => {
    const failed = authReducer(authReducer(signedOut, { type: 'requested' }), {
      type: 'failed',
      message: 'Invalid email or password.',
    });
    expect(failed).toMatchObject({ status: 'error', errorMessage: 'Invalid email or password.' });
    expect(authReducer(failed, { type: 'requested' })).toMatchObject({
      status: 'loading',
      errorMessage: null,
    });
  });

  it('follows the stored session: signed in, then out', () => {
    const signedIn = authReducer(signedOut, {
      type: 'sessionChanged',
      session: { token: 'abc', manager: demoManager },
    });
    expect(signedIn).toMatchObject({ token: 'abc', isAuthenticated: true, user: demoManager });

    const out: AuthState = authReducer(signedIn, {
      type: 'sessionChanged',
      session: { token: null, manager: null },
    });
    expect(out).toMatchObject({ token: null, isAuthenticated: false, user: null });
  });

  it('keeps the request status when the session changes', () => {
    const success = authReducer(signedOut, { type: 'succeeded' });
    const after = authReducer(success, {
      type: 'sessionChanged',
      session: { token: 'abc', manager: demoManager },
    });
    expect(after.status).toBe('success');
  });
});
