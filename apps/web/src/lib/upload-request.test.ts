import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { installControlledXhr } from '../testing/controlled-xhr.ts';
import { startCrossOriginFront } from '../testing/cross-origin-front.ts';
import { startTestServer, type Handler } from '../testing/http-server.ts';
import { ApiError } from './api-client.ts';
import { TOKEN_STORAGE_KEY } from './session.ts';
import { UploadNetworkError, createUploadRequest, isAbortError } from './upload-request.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const answerSchema = z.object({ data: z.object({ id: z.number() }) });

function formWithFile(text = 'file contents') {
  const form = new FormData();
  form.append('title', 'Tax ID');
  form.append('file', new File([text], 'ein.pdf', { type: 'application/pdf' }));
  return form;
}

describe('upload request against a real HTTP server (jsdom XMLHttpRequest)', () => {
  let server: TestServer;
  let front: Awaited<ReturnType<typeof startCrossOriginFront>>;
  let answer: Handler;

  beforeAll(async () => {
    server = await startTestServer((request) => answer(request));
    front = await startCrossOriginFront(server.url);
  });
  afterAll(async () => {
    await front.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    answer = () => ({ status: 200, body: { data: { id: 7 } } });
  });

  const upload = (onUnauthorized = vi.fn()) =>
    createUploadRequest({ baseUrl: `${front.url}/api/v1/`, onUnauthorized });

  it('posts the form as multipart with the bearer token and returns the checked body', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'upload-token');
    const progress: number[] = [];
    const body = await upload()('/things/upload/', {
      body: formWithFile('hello'),
      schema: async () => answerSchema,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(body).toEqual({ data: { id: 7 } });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/things/upload/');
    expect(request?.authorization).toBe('Bearer upload-token');
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="title"\r\n\r\nTax ID\r\n');
    expect(request?.body).toContain('name="file"; filename="ein.pdf"');
    expect(request?.body).toContain('\r\n\r\nhello\r\n');
    // jsdom reports the upload once, when the whole body has gone.
    expect(progress.at(-1)).toBe(1);
  });

  it('turns an error body into the same ApiError as the JSON client, and a bare one too', async () => {
    answer = () => ({ status: 413, body: { errors: { detail: 'The file is too large.' } } });
    const tooLarge = await upload()('things/', { body: formWithFile() }).catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(ApiError);
    expect(tooLarge).toMatchObject({ status: 413, detail: 'The file is too large.' });

    answer = () => ({ status: 502, raw: '<h1>Bad gateway</h1>' });
    const gateway = await upload()('things/', { body: formWithFile() }).catch((e: unknown) => e);
    expect(gateway).toBeInstanceOf(ApiError);
    expect(gateway).toMatchObject({ status: 502, detail: undefined });
  });

  it('signs the user out on a 401, as every other call does', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    answer = () => ({ status: 401, body: { errors: { detail: 'Not signed in.' } } });
    const onUnauthorized = vi.fn();
    const error = await upload(onUnauthorized)('things/', { body: formWithFile() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 401, detail: 'Not signed in.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects with a network error when the connection drops', async () => {
    answer = () => ({ status: 200, hangUp: true });
    const error = await upload()('things/', { body: formWithFile() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadNetworkError);
  });

  it('rejects a success body that does not match the schema', async () => {
    answer = () => ({ status: 200, body: { data: { id: 'seven' } } });
    const error = await upload()('things/', {
      body: formWithFile(),
      schema: async () => answerSchema,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await upload()('things/', {
      body: formWithFile(),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('upload progress (a hand-driven XMLHttpRequest)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports each progress event as a fraction and ignores those without a total', async () => {
    const requests = installControlledXhr();
    const progress: number[] = [];
    const done = createUploadRequest({ baseUrl: 'https://api.example.com/api/v1' })('up/', {
      body: formWithFile(),
      onProgress: (fraction) => progress.push(fraction),
    });
    const [xhr] = requests;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('https://api.example.com/api/v1/up/');
    expect(xhr?.body).toBeInstanceOf(FormData);

    xhr?.progress(0, 4000);
    xhr?.progress(1000, 4000);
    xhr?.progress(500, 0);
    xhr?.progress(3000, 4000);
    xhr?.progress(4000, 4000);
    xhr?.respond(200, { data: { id: 1 } });

    await expect(done).resolves.toEqual({ data: { id: 1 } });
    expect(progress).toEqual([0, 0.25, 0.75, 1]);
  });

  it('aborts the request when the signal fires, and rejects with an AbortError', async () => {
    const requests = installControlledXhr();
    const controller = new AbortController();
    const done = createUploadRequest({ baseUrl: '/api/v1' })('up/', {
      body: formWithFile(),
      signal: controller.signal,
    });
    requests[0]?.progress(10, 100);
    controller.abort();

    const error = await done.catch((e: unknown) => e);
    expect(requests[0]?.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('leaves the credential off when signed out', async () => {
    const requests = installControlledXhr();
    const done = createUploadRequest({ baseUrl: '/api/v1' })('up/', { body: formWithFile() });
    requests[0]?.respond(200, { data: null });
    await done;
    expect(requests[0]?.headers).toEqual({ accept: 'application/json' });
  });
});
