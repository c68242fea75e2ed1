import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { apiErrorDetails, errorMessages, successMessages, type Manager } from '@fd/contract';
import {
  startTestServer,
  type RecordedRequest,
  type TestResponse,
} from '../testing/http-server.ts';
// Types only: the modules themselves are imported once the server is up.
import type { routes } from './routes.tsx';
import type * as testing from '../testing/render-route.tsx';

/**
 * The screens and the auth state wired to a real HTTP server standing in for
 * the API (the real API is exercised by the end-to-end tests). The app reads
 * VITE_API_BASE_URL once, so it is imported after the server has a port.
 */
type TestServer = Awaited<ReturnType<typeof startTestServer>>;
type AppModules = { routes: typeof routes; testing: typeof testing };

const LAZY = { timeout: 5000 };
// The first visit of a lazy screen transforms its modules, which on a busy machine can take
// longer than Vitest's default 5 s a test: a test's limit, not a timed assertion.
const SLOW_FIRST_LOAD = { timeout: 20_000 };
const manager: Manager = {
  id: 7,
  uuid: '0d6f1a52-9a1e-4df4-8a43-6a0a4c2e0b11',
  email: 'ngozi.eze@example.com',
  first_name: 'Ngozi',
  last_name: 'Eze',
  role: 'MANAGER',
};

let releaseSlowLogin: () => void = () => undefined;
let resendGate: Promise<void> = Promise.resolve();
let codesSent = 0;

function answer({
  url,
  body,
  authorization,
}: RecordedRequest): TestResponse | Promise<TestResponse> {
  const json = body ? (JSON.parse(body) as Record<string, string>) : {};
  switch (url) {
    case '/api/v1/auth/login/': {
      const respond = (role: Manager['role']): TestResponse => ({
        status: 200,
        body: {
          message: successMessages.login,
          data: {
            auth: { ...manager, role },
            credentials: { access: `token-for-${role}`, expires_in: 3600 },
          },
          token: `token-for-${role}`,
        },
      });
      if (json.email === 'client@example.com') return respond('CLIENT');
      if (json.email === 'offline@example.com') return { status: 0, hangUp: true };
      if (json.email === 'slow@example.com') {
        return new Promise((resolve) => {
          releaseSlowLogin = () => resolve(respond('MANAGER'));
        });
      }
      if (json.password !== 'right-password') {
        return { status: 401, body: { errors: { detail: 'Invalid email or password.' } } };
      }
      return respond('MANAGER');
    }
    case '/api/v1/auth/forgot-password/': {
      const sent = (token: string): TestResponse => ({
        status: 200,
        body: { data: { detail: { message: successMessages.codeSent, token } } },
      });
      if (json.email === 'unknown-error@example.com') {
        return { status: 429, body: { errors: { detail: 'Too many attempts.' } } };
      }
      codesSent += 1;
      // The first code comes at once; a resend waits for the test to let it through.
      return codesSent === 1 ? sent('first-token') : resendGate.then(() => sent('second-token'));
    }
    case '/api/v1/auth/otp/verify/':
      return json.otp === '246810' && json.token === 'second-token'
        ? { status: 200, body: { data: { reset_token: 'reset-token' } } }
        : { status: 400, body: { errors: { detail: 'OTP returned is invalid or has expired' } } };
    case '/api/v1/auth/reset-password/':
      if (json.password === '12345678') {
        const detail = apiErrorDetails.passwordCommon;
        return { status: 400, body: { errors: { detail, validations: { password: [detail] } } } };
      }
      return json.token === 'reset-token' && json.password === json.confirm_password
        ? { status: 200, body: { data: { detail: successMessages.reset } } }
        : {
            status: 400,
            body: { errors: { detail: 'The reset token is invalid or has expired.' } },
          };
    case '/api/v1/auth/change-password/':
      if (authorization !== 'Bearer token-for-MANAGER') {
        return {
          status: 401,
          body: {
            errors: { detail: 'Authentication credentials were not provided or are invalid.' },
          },
        };
      }
      return json.old_password === 'right-password'
        ? {
            status: 200,
            body: {
              data: {
                detail: successMessages.passwordChanged,
                credentials: { access: 'token-after-change', expires_in: 28800 },
              },
              token: 'token-after-change',
            },
          }
        : { status: 400, body: { errors: { detail: 'Your current password is incorrect.' } } };
    default:
      return { status: 404, body: { errors: { detail: 'Not found.' } } };
  }
}

describe('auth screens against a real HTTP server', SLOW_FIRST_LOAD, () => {
  let server: TestServer;
  let app: AppModules;

  beforeAll(async () => {
    server = await startTestServer(answer);
    vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
    app = {
      routes: (await import('./routes.tsx')).routes,
      testing: await import('../testing/render-route.tsx'),
    };
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    resendGate = Promise.resolve();
    codesSent = 0;
  });

  const renderApp = (initialEntry: string) =>
    app.testing.renderRoutes(app.routes, { initialEntry });

  async function signIn(email: string, password: string) {
    const view = renderApp('/');
    await view.user.type(await screen.findByLabelText('Email', undefined, LAZY), email);
    await view.user.type(screen.getByLabelText('Password'), password);
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    return view;
  }

  it('signs a manager in: stores the token and the record, toasts, and opens /business', async () => {
    const { router } = await signIn(manager.email, 'right-password');
    expect(await screen.findByText(successMessages.login)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Businesses' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business');
    expect(localStorage.getItem('token')).toBe('token-for-MANAGER');
    expect(JSON.parse(localStorage.getItem('manager')!)).toEqual(manager);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      email: manager.email,
      password: 'right-password',
    });
  });

  it('refuses a non-manager and stores nothing', async () => {
    const { router } = await signIn('client@example.com', 'any-password');
    expect(await screen.findByText(errorMessages.notManager)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('manager')).toBeNull();
  });

  it("shows the server's errors.detail when sign-in fails", async () => {
    await signIn(manager.email, 'wrong-password');
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the generic message when the server cannot be reached', async () => {
    await signIn('offline@example.com', 'any-password');
    expect(await screen.findByText(errorMessages.loginException)).toBeInTheDocument();
  });

  it("disables 'Log in' and shows 'Loading...' while the call is out", async () => {
    await signIn('slow@example.com', 'any-password');
    const button = await screen.findByRole('button', { name: 'Loading...' });
    expect(button).toBeDisabled();
    releaseSlowLogin();
    expect(await screen.findByRole('heading', { name: 'Businesses' }, LAZY)).toBeInTheDocument();
  });

  it('recovers a password: code request, resend, verify, reset, back to login', async () => {
    let releaseResend: () => void = () => undefined;
    const { user, router } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email', undefined, LAZY), manager.email);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // The server's message, then the code screen with the email carried over.
    expect(await screen.findByText(successMessages.codeSent)).toBeInTheDocument();
    expect(
      await screen.findByText(/Please input the code we sent to/, undefined, LAZY),
    ).toHaveTextContent(manager.email);
    expect(router.state.location.pathname).toBe('/verify-otp');

    // Resend: never puts the screen in its loading state; the new token is used afterwards.
    resendGate = new Promise((resolve) => {
      releaseResend = resolve;
    });
    await user.click(screen.getByRole('button', { name: 'Click to resend.' }));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    releaseResend();
    await waitFor(() =>
      expect(screen.getAllByText(successMessages.codeSent).length).toBeGreaterThan(1),
    );

    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(errorMessages.otpInvalid)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(successMessages.verify)).toBeInTheDocument();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      otp: '246810',
      token: 'second-token',
    });

    // A password the server refuses for itself: its reason, not the generic failure.
    await user.type(await screen.findByLabelText('New password', undefined, LAZY), '12345678');
    await user.type(screen.getByLabelText('Confirm password'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(apiErrorDetails.passwordCommon)).toBeInTheDocument();
    expect(screen.queryByText(errorMessages.resetFailed)).toBeNull();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));

    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password changed' });
    // The message has two spaces, word for word (docs/product.md §8).
    expect(
      await screen.findByText(successMessages.reset, {
        normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
      }),
    ).toBeInTheDocument();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      token: 'reset-token',
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Back to Log in' }));
    expect(await screen.findByRole('button', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("toasts the server's detail when a code cannot be sent", async () => {
    const { user } = renderApp('/forgot-password');
    await user.type(
      await screen.findByLabelText('Email', undefined, LAZY),
      'unknown-error@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many attempts.')).toBeInTheDocument();
  });

  it('changes the password from settings, or toasts why not', async () => {
    app.testing.storeSession('token-for-MANAGER', manager);
    const { user } = renderApp('/settings');
    const current = await screen.findByLabelText('Current password', undefined, LAZY);

    await user.type(current, 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'another-pass');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(successMessages.passwordChanged)).toBeInTheDocument();
    // The server retires older tokens on a change: the session keeps the fresh one.
    expect(localStorage.getItem('token')).toBe('token-after-change');
    expect(JSON.parse(localStorage.getItem('manager')!)).toEqual(manager);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      old_password: 'right-password',
      new_password: 'another-pass',
    });
    await waitFor(() => expect(current).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('ends the session and returns to sign in when the server rejects the token', async () => {
    app.testing.storeSession('forged.token.value', manager);
    const { user, router } = renderApp('/settings');
    await user.type(
      await screen.findByLabelText('Current password', undefined, LAZY),
      'right-password',
    );
    await user.type(screen.getByLabelText('New password'), 'another-pass');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('button', { name: 'Log in' }, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('manager')).toBeNull();
  });
});
