import {
  changePasswordResponseSchema,
  forgotPasswordResponseSchema,
  loginResponseSchema,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { seedBusinesses } from './tools/seed/index.ts';
import { lanes, type TestDatabase } from './test/databases.ts';
import { callApi, createUser, startTestApp, type TestApp } from './test/test-app.ts';

describe.each(lanes)('security events on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;

  beforeAll(async () => {
    database = await lane.open();
    // Every line the app writes is parsed as JSON by the harness: a forged line would throw.
    harness = await startTestApp({
      database,
      captureLogs: true,
      rateLimits: {
        loginPerAccountAddress: { limit: 3, windowMs: 60_000 },
        loginFailuresPerAccount: { limit: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const post = (path: string, json: unknown, token?: string) =>
    callApi(harness.baseUrl, 'POST', path, { json, ...(token ? { token } : {}) });
  const events = () =>
    harness.logs.flatMap((line) => {
      const security = line.security as Record<string, unknown> | undefined;
      return security ? [security] : [];
    });

  it('logs sign-ins, failures, limits, password changes, resets, logouts and status changes, without secrets', async () => {
    const manager = await createUser(database, { password: 'first-secret-password' });
    const secrets: string[] = [manager.password];

    // A failure, then a sign-in.
    // A line break and a JSON line in what the client sends: it must stay inside a field.
    const wrong = 'wrong-secret-password\n{"level":60,"msg":"forged"}';
    secrets.push('wrong-secret-password');
    expect(
      (await post('/api/v1/auth/login/', { email: manager.email, password: wrong })).status,
    ).toBe(401);
    const login = await post('/api/v1/auth/login/', {
      email: manager.email,
      password: manager.password,
    });
    const token = loginResponseSchema.parse(login.body).token;
    secrets.push(token);

    // A wrong current password, then a change.
    const next = 'second-secret-password';
    secrets.push(next);
    await post('/api/v1/auth/change-password/', { old_password: wrong, new_password: next }, token);
    const changed = await post(
      '/api/v1/auth/change-password/',
      { old_password: manager.password, new_password: next },
      token,
    );
    const fresh = changePasswordResponseSchema.parse(changed.body).token;
    secrets.push(fresh);

    // A step moved.
    await seedBusinesses(database, {
      count: 1,
      seed: 3,
      filesDir: harness.config.filesDir,
      log: () => {},
    });
    const [step] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from formation_steps where step_key = 'tax_ein_status' and status <> 'APPROVED' limit 1`,
    );
    const moved = await callApi(
      harness.baseUrl,
      'PUT',
      `/api/v1/manager/settings/tax/update/${step!.id}/`,
      { token: fresh, json: { status: 'APPROVED' } },
    );
    expect(moved.status).toBe(200);

    // Recovery: a request, a wrong code.
    const forgot = await post('/api/v1/auth/forgot-password/', { email: manager.email });
    const verificationToken = forgotPasswordResponseSchema.parse(forgot.body).data.detail.token;
    secrets.push(verificationToken);
    await post('/api/v1/auth/otp/verify/', { token: verificationToken, otp: '000000' });

    // The account's limit, then a logout.
    for (let i = 0; i < 4; i += 1) {
      await post('/api/v1/auth/login/', { email: manager.email, password: wrong });
    }
    expect((await post('/api/v1/auth/logout/', {}, fresh)).status).toBe(200);

    // Credentials in a URL (a download's signature, a stream's ticket) stay out of the log.
    await callApi(
      harness.baseUrl,
      'GET',
      '/api/v1/files/document/1?expires=1&signature=sig-secret-1',
    );
    await callApi(harness.baseUrl, 'GET', '/api/v1/notifications/stream/?ticket=ticket-secret-1');
    // …so do they under percent-encoded names, which the server decodes to the same parameters.
    await callApi(
      harness.baseUrl,
      'GET',
      '/api/v1/files/document/1?expires=1&%73ignature=sig-secret-2',
    );
    await callApi(harness.baseUrl, 'GET', '/api/v1/notifications/stream/?%74icket=ticket-secret-2');
    await callApi(harness.baseUrl, 'GET', '/api/v1/notifications/stream/?TICK%45T=ticket-secret-3');
    secrets.push(
      'sig-secret-1',
      'ticket-secret-1',
      'sig-secret-2',
      'ticket-secret-2',
      'ticket-secret-3',
    );
    expect(
      harness.logs.some((line) =>
        String((line.req as { url?: string } | undefined)?.url).includes('%74icket=[redacted]'),
      ),
    ).toBe(true);
    expect(
      harness.logs.some((line) =>
        String((line.req as { url?: string } | undefined)?.url).includes('signature=[redacted]'),
      ),
    ).toBe(true);

    const seen = events();
    const kinds = seen.map((event) => event.event);
    for (const kind of [
      'login.failed',
      'login.succeeded',
      'password.change_failed',
      'password.changed',
      'step_status.changed',
      'password_reset.requested',
      'password_reset.code_failed',
      'rate_limit.reached',
      'login.many_failures',
      'logout',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(seen.find((event) => event.event === 'login.succeeded')).toMatchObject({
      email: manager.email,
      userId: manager.id,
      ip: '127.0.0.1',
    });
    expect(seen.find((event) => event.event === 'step_status.changed')).toMatchObject({
      userId: manager.id,
      stepId: step!.id,
      status: 'APPROVED',
    });
    // Each event is its own line with the request's id; nothing secret anywhere in the log.
    const securityLines = harness.logs.filter((line) => line.security);
    for (const line of securityLines) expect(line.reqId).toEqual(expect.any(String));
    expect(harness.logs.some((line) => line.msg === 'forged')).toBe(false);
    const everything = JSON.stringify(harness.logs);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
