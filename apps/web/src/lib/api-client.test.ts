import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiPaths, errorBodySchema, unauthenticatedPaths } from '@fd/contract';
import { startTestServer } from '../testing/http-server.ts';
import { ApiError, createApiClient, isUnauthenticatedPath, readErrorBody } from './api-client.ts';
import { MANAGER_STORAGE_KEY, TOKEN_STORAGE_KEY } from './session.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('api client against a real HTTP server', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startTestServer(({ url, method, body }) => {
      if (url.startsWith('/api/v1/fails/validation')) {
        return {
          status: 400,
          body: {
            errors: {
              detail: 'Email is required.',
              validations: { email: ['Email is required.'] },
            },
          },
        };
      }
      if (url.startsWith('/api/v1/fails/html')) return { status: 502, raw: '<h1>Bad gateway</h1>' };
      if (url.startsWith('/api/v1/fails/unauthorized') || url.startsWith('/api/v1/auth/login')) {
        if (url.startsWith('/api/v1/auth/login') && body.includes('right')) {
          return { status: 200, body: { data: { ok: true } } };
        }
        return { status: 401, body: { errors: { detail: 'Invalid email or password.' } } };
      }
      return { status: 200, body: { data: { method, url, body } } };
    });
    baseUrl = `${server.url}/api/v1`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('sends the stored token as a bearer credential, read again on every request', async () => {
    const api = createApiClient({ baseUrl });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'first-token');
    await api.get('notifications/');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'second-token');
    await api.get('/notifications/');
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    await api.get('notifications/');

    expect(server.requests.map((request) => request.authorization)).toEqual([
      'Bearer first-token',
      'Bearer second-token',
      undefined,
    ]);
  });

  it('answers the first GET of a URL asked for early with that answer, once, and only with a session', async () => {
    const api = createApiClient({ baseUrl });
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    api.startEarly('business/early/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);

    localStorage.setItem(TOKEN_STORAGE_KEY, 'early-token');
    api.startEarly('business/early/', { page: 2 });
    api.startEarly('business/early/', { page: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
    const first = await api.get<{ data: { url: string } }>('business/early/', {
      query: { page: 2 },
    });
    expect(first.data.url).toBe('/api/v1/business/early/?page=2');
    expect(server.requests).toHaveLength(1);
    // Taken: the next GET asks again; a POST to the same URL is never served early.
    await api.get('business/early/', { query: { page: 2 } });
    expect(server.requests).toHaveLength(2);
    api.startEarly('business/early/');
    await api.post('business/early/', { a: 1 });
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'GET', 'GET', 'POST']);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  });

  it('starts loading the schema of an answer asked for early, only with a session', async () => {
    const api = createApiClient({ baseUrl });
    let loaded = 0;
    const load = async () => {
      loaded += 1;
      return z.object({ data: z.object({ url: z.string() }) });
    };
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    api.startEarly('business/early-schema/', undefined, load);
    expect(loaded).toBe(0);

    localStorage.setItem(TOKEN_STORAGE_KEY, 'early-token');
    api.startEarly('business/early-schema/', undefined, load);
    expect(loaded).toBe(1);
    // The screen's call takes the answer and checks it with the schema it names.
    await expect(api.get('business/early-schema/', { schema: load })).resolves.toEqual({
      data: { url: '/api/v1/business/early-schema/' },
    });
    expect(server.requests).toHaveLength(1);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  });

  it('never sends the credential on the public auth calls, with or without slashes', async () => {
    const api = createApiClient({ baseUrl });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
    for (const path of unauthenticatedPaths) {
      await api.post(path, { email: 'a@b.co' }).catch(() => undefined);
      await api.post(`/${path.replace(/\/$/, '')}`, {}).catch(() => undefined);
    }
    expect(server.requests).toHaveLength(unauthenticatedPaths.length * 2);
    expect(server.requests.every((request) => request.authorization === undefined)).toBe(true);

    await api.post(apiPaths.auth.changePassword, {});
    expect(server.requests.at(-1)?.authorization).toBe('Bearer stored-token');
  });

  it('sends JSON bodies and query parameters, and returns the parsed body', async () => {
    const api = createApiClient({ baseUrl });
    const answer = await api.post<{ data: { method: string; body: string; url: string } }>(
      'things/',
      { name: 'Acme' },
      { query: { page: 2, search: 'a b', empty: undefined } },
    );
    expect(answer.data.method).toBe('POST');
    expect(answer.data.url).toBe('/api/v1/things/?page=2&search=a+b');
    expect(JSON.parse(answer.data.body)).toEqual({ name: 'Acme' });
    expect(server.requests[0]?.contentType).toBe('application/json');
  });

  it('checks the answer against a schema it loads while the request is on its way', async () => {
    const api = createApiClient({ baseUrl });
    const answerSchema = z.object({ data: z.object({ method: z.literal('POST') }) });
    let loaded = 0;
    const load = async () => {
      loaded += 1;
      return answerSchema;
    };
    // Parsed by the schema: what it does not name is dropped.
    await expect(api.post('things/', {}, { schema: load })).resolves.toEqual({
      data: { method: 'POST' },
    });
    await expect(api.get('things/', { schema: load })).rejects.toBeInstanceOf(z.ZodError);
    expect(loaded).toBe(2);
    // A schema that cannot be loaded fails the call; an error answer wins over it.
    const broken = () => Promise.reject(new Error('chunk failed'));
    await expect(api.get('things/', { schema: broken })).rejects.toThrow('chunk failed');
    await expect(api.get('fails/html', { schema: broken })).rejects.toBeInstanceOf(ApiError);
  });

  it('turns an error body into an ApiError with the status, detail and field messages', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.post('fails/validation/', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      detail: 'Email is required.',
      validations: { email: ['Email is required.'] },
      message: 'Email is required.',
    });
  });

  it('gives an ApiError without detail when the body is not the API error shape', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.get('fails/html').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, detail: undefined });
  });

  it('ends the session when an authenticated call answers 401', async () => {
    const api = createApiClient({ baseUrl });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked-token');
    localStorage.setItem(MANAGER_STORAGE_KEY, '{"first_name":"Ngozi"}');

    await expect(api.get('fails/unauthorized/')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(MANAGER_STORAGE_KEY)).toBeNull();
  });

  it('calls the given onUnauthorized hook on a 401 of an authenticated call', async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl, onUnauthorized });
    await expect(api.get('fails/unauthorized/')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when a public call such as login answers 401 (a wrong password)', async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl, onUnauthorized });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'still-valid');

    await expect(api.post(apiPaths.auth.login, { password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid email or password.',
    });

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('still-valid');
  });
});

describe('readErrorBody', () => {
  it("reads an error body as the contract's errorBodySchema does", () => {
    const bodies: unknown[] = [
      { errors: { detail: 'No.' } },
      { errors: { detail: 'No.', validations: { email: ['Bad.', 'Worse.'], name: [] } } },
      { errors: { detail: 'No.', validations: {}, extra: 1 }, other: true },
      { errors: { detail: 'No.', validations: undefined } },
      { errors: { detail: 'No.', validations: null } },
      { errors: { detail: 'No.', validations: { email: 'Bad.' } } },
      { errors: { detail: 'No.', validations: { email: ['Bad.', 3] } } },
      { errors: { detail: 'No.', validations: [['Bad.']] } },
      { errors: { detail: 7 } },
      { errors: 'No.' },
      { errors: [] },
      { detail: 'No.' },
      [],
      null,
      undefined,
      '<h1>Bad gateway</h1>',
    ];
    for (const body of bodies) {
      const parsed = errorBodySchema.safeParse(body);
      expect(readErrorBody(body), JSON.stringify(body)).toEqual(
        parsed.success ? parsed.data.errors : null,
      );
    }
  });
});

describe('isUnauthenticatedPath', () => {
  it('knows the public auth calls and nothing else', () => {
    expect(isUnauthenticatedPath('auth/login/')).toBe(true);
    expect(isUnauthenticatedPath('/auth/otp/verify')).toBe(true);
    expect(isUnauthenticatedPath('auth/reset-password/?x=1')).toBe(true);
    expect(isUnauthenticatedPath('auth/change-password/')).toBe(false);
    expect(isUnauthenticatedPath('auth/login/extra/')).toBe(false);
    expect(isUnauthenticatedPath('manager/business/list/')).toBe(false);
  });
});
