import { env } from '../config/env.ts';
import {
  authorizationFor,
  buildUrl,
  isUnauthenticatedPath,
  parseJsonBody,
  startAnswerCheck,
  toApiError,
  type ApiClientOptions,
  type SchemaLoader,
} from './api-client.ts';
import { clearSession } from './session.ts';

export interface UploadRequestOptions<T> {
  /** Sent as multipart/form-data; the browser writes the boundary. */
  body: FormData;
  method?: 'POST' | 'PUT';
  /** When given, the success body is checked against the contract schema it loads. */
  schema?: SchemaLoader<T>;
  /**
   * The share of the body sent so far, from 0 to 1, as the browser reports it. Not called
   * when the browser cannot tell the total.
   */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the upload; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What an upload rejects with when the connection fails, like `fetch`'s TypeError. */
export class UploadNetworkError extends TypeError {
  override readonly name = 'UploadNetworkError';
  constructor() {
    super('The upload could not reach the server.');
  }
}

const abortReason = (signal: AbortSignal | undefined): unknown =>
  signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError');

/**
 * An upload with progress. `fetch` reports no upload progress, so this one call goes through
 * XMLHttpRequest; it carries the same bearer credential and base URL as `lib/api-client.ts`,
 * and its failures are the same `ApiError`s (a 401 signs the user out the same way).
 */
export function createUploadRequest({ baseUrl, onUnauthorized = clearSession }: ApiClientOptions) {
  return function uploadRequest<T = unknown>(
    path: string,
    { body, method = 'POST', schema, onProgress, signal }: UploadRequestOptions<T>,
  ): Promise<T> {
    const checkAnswer = startAnswerCheck(schema);
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const xhr = new XMLHttpRequest();
      const onAbortSignal = () => xhr.abort();
      const settle = (outcome: () => void) => {
        signal?.removeEventListener('abort', onAbortSignal);
        outcome();
      };

      xhr.open(method, buildUrl(baseUrl, path));
      xhr.setRequestHeader('Accept', 'application/json');
      const authorization = authorizationFor(path);
      if (authorization) xhr.setRequestHeader('Authorization', authorization);

      // Listening on `upload` before send() is what makes the browser report upload progress.
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress?.(Math.min(1, Math.max(0, event.loaded / event.total)));
        }
      });
      xhr.addEventListener('load', () =>
        settle(() => {
          const data = parseJsonBody(xhr.responseText);
          if (xhr.status < 200 || xhr.status >= 300) {
            // An expired or revoked token: end the session, as every other call does.
            if (xhr.status === 401 && !isUnauthenticatedPath(path)) onUnauthorized();
            reject(toApiError(xhr.status, data));
            return;
          }
          checkAnswer(data).then(resolve, reject);
        }),
      );
      xhr.addEventListener('error', () => settle(() => reject(new UploadNetworkError())));
      xhr.addEventListener('timeout', () => settle(() => reject(new UploadNetworkError())));
      xhr.addEventListener('abort', () => settle(() => reject(abortReason(signal))));
      signal?.addEventListener('abort', onAbortSignal, { once: true });

      xhr.send(body);
    });
  };
}

/** The app's uploads: same-origin `/api/v1` unless VITE_API_BASE_URL points elsewhere. */
export const uploadRequest = createUploadRequest({ baseUrl: env.apiBaseUrl });

/**
 * True for the rejection of an upload stopped through its signal. By name: the reason may be
 * another realm's DOMException (the page's, or the runtime's in tests).
 */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
