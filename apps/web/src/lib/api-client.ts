import type { z } from 'zod';
import { unauthenticatedPaths, type ErrorBody } from '@fd/contract';
import { env } from '../config/env.ts';
import { clearSession, getToken } from './session.ts';

/** A non-2xx answer, carrying the server's `errors.detail` and field messages when it sent them. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** `errors.detail` from the body; undefined when the body had none (e.g. a proxy's HTML page). */
  readonly detail: string | undefined;
  readonly validations: Record<string, string[]> | undefined;

  constructor(status: number, detail?: string, validations?: Record<string, string[]>) {
    super(detail ?? `Request failed with status ${status}`);
    this.status = status;
    this.detail = detail;
    this.validations = validations;
  }
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * How every call names the contract schema its answer is checked against: a loader, run when
 * the call is made, so the request goes out while the schema (and zod) load and no screen's
 * first download carries them; the answer is checked all the same
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md,
 * docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Query parameters; null and undefined ones are left out. */
  query?: Record<string, QueryValue>;
  /** When given, the success body is checked against the contract schema it loads. */
  schema?: SchemaLoader<T>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** `/api/v1` on the same origin, or an absolute URL. */
  baseUrl: string;
  /** Called when an authenticated call answers 401. */
  onUnauthorized?: () => void;
}

const normalizePath = (path: string) =>
  path
    .replace(/[?#].*$/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');

const publicPaths = new Set(unauthenticatedPaths.map(normalizePath));

/** The calls that never carry the bearer credential (docs/product.md §6), with or without slashes. */
export function isUnauthenticatedPath(path: string): boolean {
  return publicPaths.has(normalizePath(path));
}

export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, QueryValue>,
): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `${url}${url.includes('?') ? '&' : '?'}${encoded}` : url;
}

/** A response body's JSON, or undefined when it is empty or not JSON (e.g. a proxy's HTML page). */
export function parseJsonBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `Authorization` value a call to `path` carries, or null (a public call, or signed out). */
export function authorizationFor(path: string): string | null {
  if (isUnauthenticatedPath(path)) return null;
  // Read on every call: a sign-in, sign-out or another tab may have changed it.
  const token = getToken();
  return token ? `Bearer ${token}` : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `errors` of an API error body, checked as the contract's `errorBodySchema` would (a test
 * holds the two together), or null. By hand, as every screen's first download carries it.
 */
export function readErrorBody(body: unknown): ErrorBody['errors'] | null {
  if (!isRecord(body) || !isRecord(body.errors)) return null;
  const { detail, validations } = body.errors;
  if (typeof detail !== 'string') return null;
  if (validations === undefined) return { detail };
  if (!isRecord(validations)) return null;
  const fields = Object.values(validations);
  const wellFormed = fields.every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
  return wellFormed ? { detail, validations: validations as Record<string, string[]> } : null;
}

/** The ApiError of a non-2xx answer, from its parsed body. */
export function toApiError(status: number, body: unknown): ApiError {
  const errors = readErrorBody(body);
  return errors ? new ApiError(status, errors.detail, errors.validations) : new ApiError(status);
}

/**
 * Starts loading a call's schema at once and gives what checks its answer: the body parsed by
 * the schema (a failed load or a mismatch rejects), or the body as it is when the call has none.
 */
export function startAnswerCheck<T>(
  schema: SchemaLoader<T> | undefined,
): (data: unknown) => Promise<T> {
  if (!schema) return async (data) => data as T;
  const loading = schema();
  // Awaited only after the answer: until then a failed load must not count as unhandled.
  loading.catch(() => undefined);
  return async (data) => (await loading).parse(data);
}

/** How long an answer asked for early waits to be taken before it is forgotten. */
const EARLY_ANSWER_TTL_MS = 10_000;

export function createApiClient({ baseUrl, onUnauthorized = clearSession }: ApiClientOptions) {
  /** GETs started before the screen that reads them had loaded, by URL; each is taken once. */
  const earlyAnswers = new Map<string, Promise<Response>>();

  /**
   * Asks for `path` now, for the screen that will ask for it once its code has loaded: its first
   * GET of that URL gets this answer instead of asking again
   * (docs/decisions/048-each-route-s-page-carries-its-first.md), and starts loading the schema
   * that call will check it with. Only with a session; a screen that never asks lets it go after a
   * few seconds.
   */
  function startEarly(
    path: string,
    query?: Record<string, QueryValue>,
    schema?: SchemaLoader<unknown>,
  ): void {
    const authorization = authorizationFor(path);
    const url = buildUrl(baseUrl, path, query);
    if (!authorization || earlyAnswers.has(url)) return;
    // The answer's schema starts loading with it, as it would with the screen's own call.
    startAnswerCheck(schema);
    const answer = fetch(url, {
      headers: { Accept: 'application/json', Authorization: authorization },
    });
    // Awaited only if taken; a failure then surfaces as the screen's own request's would.
    answer.catch(() => undefined);
    earlyAnswers.set(url, answer);
    setTimeout(() => {
      if (earlyAnswers.get(url) === answer) earlyAnswers.delete(url);
    }, EARLY_ANSWER_TTL_MS);
  }

  function takeEarly(url: string): Promise<Response> | undefined {
    const answer = earlyAnswers.get(url);
    earlyAnswers.delete(url);
    return answer;
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, query, signal } = options;
    const checkAnswer = startAnswerCheck(options.schema);
    const headers = new Headers({ Accept: 'application/json' });
    const authenticated = !isUnauthenticatedPath(path);
    const authorization = authorizationFor(path);
    if (authorization) headers.set('Authorization', authorization);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    const url = buildUrl(baseUrl, path, query);
    const early = method === 'GET' && authorization ? takeEarly(url) : undefined;
    const response = await (early ??
      fetch(url, {
        method,
        headers,
        body: payload,
        ...(signal ? { signal } : {}),
      }));
    const data = parseJsonBody(await response.text());

    if (!response.ok) {
      // An expired or revoked token: end the session; the route guard then shows sign-in.
      if (response.status === 401 && authenticated) onUnauthorized();
      throw toApiError(response.status, data);
    }
    return checkAnswer(data);
  }

  /**
   * A GET whose answer is read as it arrives (the CSV export): the response once its status is
   * 2xx, its body unread; else the ApiError, a 401 ending the session as any call's does.
   */
  async function stream(
    path: string,
    { query, signal }: Pick<RequestOptions<never>, 'query' | 'signal'> = {},
  ): Promise<Response> {
    const headers = new Headers();
    const authorization = authorizationFor(path);
    if (authorization) headers.set('Authorization', authorization);
    const response = await fetch(buildUrl(baseUrl, path, query), {
      headers,
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) {
      if (response.status === 401 && !isUnauthenticatedPath(path)) onUnauthorized();
      throw toApiError(response.status, parseJsonBody(await response.text()));
    }
    return response;
  }

  return {
    request,
    startEarly,
    stream,
    /**
     * The absolute or same-origin URL of `path` under the base, for what cannot go through
     * `fetch` (an EventSource); it carries no credential.
     */
    url: (path: string, query?: Record<string, QueryValue>) => buildUrl(baseUrl, path, query),
    get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(
      path: string,
      body?: unknown,
      options?: Omit<RequestOptions<T>, 'method'>,
    ) => request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(
      path: string,
      body?: unknown,
      options?: Omit<RequestOptions<T>, 'method'>,
    ) => request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** The app's client: same-origin `/api/v1` unless VITE_API_BASE_URL points elsewhere. */
export const api = createApiClient({ baseUrl: env.apiBaseUrl });
