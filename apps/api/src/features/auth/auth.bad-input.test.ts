import {
  errorBodySchema,
  forgotPasswordResponseSchema,
  loginResponseSchema,
  nulCharacterMessage,
  OTP_MAX_ATTEMPTS,
  verifyOtpResponseSchema,
} from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema.ts';
import { MemoryRateLimiter, type RateLimitResult } from '../../lib/rate-limit/index.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { codeFromMail, startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import {
  callApi,
  createUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

const paths = {
  login: '/api/v1/auth/login/',
  forgot: '/api/v1/auth/forgot-password/',
  verify: '/api/v1/auth/otp/verify/',
  reset: '/api/v1/auth/reset-password/',
  change: '/api/v1/auth/change-password/',
};

/** Remembers every key counted, so a test can say which limits a request touched. */
class RecordingRateLimiter extends MemoryRateLimiter {
  readonly keys: string[] = [];
  override async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    this.keys.push(key);
    return super.hit(key, limit, windowMs);
  }
}

/** What each case builds its body from: real credentials and tokens, so NUL is the only fault. */
interface Context {
  manager: TestUser;
  accessToken: string;
  verification: { token: string; code: string };
  resetToken: string;
}

interface NulCase {
  path: string;
  field: string;
  body: (c: Context) => Record<string, unknown>;
}

const NEW_PASSWORD = 'a-new-password-1';
const withNul = (text: string) => `${text}\u0000`;

const nulCases: NulCase[] = [
  {
    path: paths.login,
    field: 'email',
    body: (c) => ({ email: withNul(c.manager.email), password: c.manager.password }),
  },
  {
    path: paths.login,
    field: 'password',
    body: (c) => ({ email: c.manager.email, password: withNul(c.manager.password) }),
  },
  { path: paths.forgot, field: 'email', body: (c) => ({ email: withNul(c.manager.email) }) },
  {
    path: paths.verify,
    field: 'otp',
    body: (c) => ({ token: c.verification.token, otp: withNul(c.verification.code) }),
  },
  {
    path: paths.verify,
    field: 'token',
    body: (c) => ({ token: withNul(c.verification.token), otp: c.verification.code }),
  },
  {
    path: paths.reset,
    field: 'token',
    body: (c) => ({
      token: withNul(c.resetToken),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    }),
  },
  {
    path: paths.reset,
    field: 'password',
    body: (c) => ({
      token: c.resetToken,
      password: withNul(NEW_PASSWORD),
      confirm_password: withNul(NEW_PASSWORD),
    }),
  },
  {
    path: paths.reset,
    field: 'newPassword',
    body: (c) => ({
      token: c.resetToken,
      newPassword: withNul(NEW_PASSWORD),
      confirm_password: NEW_PASSWORD,
    }),
  },
  {
    path: paths.reset,
    field: 'confirm_password',
    body: (c) => ({
      token: c.resetToken,
      password: NEW_PASSWORD,
      confirm_password: withNul(NEW_PASSWORD),
    }),
  },
  {
    path: paths.change,
    field: 'old_password',
    body: (c) => ({ old_password: withNul(c.manager.password), new_password: NEW_PASSWORD }),
  },
  {
    path: paths.change,
    field: 'current_password',
    body: (c) => ({ current_password: withNul(c.manager.password), password: NEW_PASSWORD }),
  },
  {
    path: paths.change,
    field: 'new_password',
    body: (c) => ({ old_password: c.manager.password, new_password: withNul(NEW_PASSWORD) }),
  },
  {
    path: paths.change,
    field: 'password',
    body: (c) => ({ current_password: c.manager.password, password: withNul(NEW_PASSWORD) }),
  },
];

describe.each(lanes)('auth endpoints with a NUL byte on $name', (lane) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let limiter: RecordingRateLimiter;
  let harness: TestApp;
  let context: Context;

  const post = (path: string, json: unknown, token?: string) =>
    callApi(harness.baseUrl, 'POST', path, { json, ...(token ? { token } : {}) });

  /** One NUL case as a request: change-password with the manager's token. */
  const send = (c: NulCase, json: unknown = c.body(context)) =>
    post(c.path, json, c.path === paths.change ? context.accessToken : undefined);

  const requestCode = async (email: string) => {
    const since = smtp.mailsTo(email).length;
    const response = await post(paths.forgot, { email });
    expect(response.status).toBe(200);
    const token = forgotPasswordResponseSchema.parse(response.body).data.detail.token;
    return { token, code: codeFromMail(await smtp.waitForMail(email, { since })) };
  };

  const stateOf = async (userId: number) => ({
    user: await database.db.select().from(users).where(eq(users.id, userId)),
    resets: await database.db.select().from(passwordResets).orderBy(passwordResets.id),
  });

  beforeAll(async () => {
    database = await lane.open();
    smtp = await startSmtpCapture();
    limiter = new RecordingRateLimiter();
    harness = await startTestApp({ database, smtpUrl: smtp.url, rateLimiter: limiter });

    const manager = await createUser(database);
    const login = await post(paths.login, { email: manager.email, password: manager.password });
    const accessToken = loginResponseSchema.parse(login.body).token;
    // Another manager's reset, verified: a usable reset token that the cases must not spend.
    const other = await createUser(database);
    const otherCode = await requestCode(other.email);
    const verified = await post(paths.verify, { token: otherCode.token, otp: otherCode.code });
    const resetToken = verifyOtpResponseSchema.parse(verified.body).data.reset_token;
    // Last: a code of the manager's own, still waiting to be verified.
    const verification = await requestCode(manager.email);
    context = { manager, accessToken, verification, resetToken };
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
    await database?.dispose();
  });

  it.each(nulCases)('$path answers a NUL byte in $field with 400 naming it', async (c) => {
    const response = await send(c);
    expect(response.status, response.text).toBe(400);
    const { errors } = errorBodySchema.parse(response.body);
    expect(errors.detail).toBe(nulCharacterMessage(c.field));
    expect(errors.validations?.[c.field]).toEqual([nulCharacterMessage(c.field)]);
  });

  it('refuses NUL however deep in a field the endpoint reads', async () => {
    const depth = 10_000;
    // Written out by hand: JSON.stringify itself cannot go this deep.
    const deep = `{"email":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)},"password":"x"}`;
    const bodies: [string, string][] = [
      [
        JSON.stringify({ email: context.manager.email, password: { a: [withNul('b')] } }),
        'password',
      ],
      [deep, 'email'],
    ];
    for (const [rawBody, field] of bodies) {
      const response = await callApi(harness.baseUrl, 'POST', paths.login, {
        rawBody,
        contentType: 'application/json',
      });
      expect(response.status, field).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.validations?.[field]).toEqual([
        nulCharacterMessage(field),
      ]);
    }
  });

  it('leaves NUL alone in a member the endpoint ignores, as the API document allows', async () => {
    // The member is dropped unread (the document allows any value for it): the sign-in answers
    // as it would without it.
    for (const extra of [withNul('yes'), { a: [withNul('b')] }]) {
      const response = await callApi(harness.baseUrl, 'POST', paths.login, {
        json: { email: context.manager.email, password: 'not-the-password', remember: extra },
      });
      expect(response.status, response.text).toBe(401);
    }
  });

  it('drops a member named __proto__ or constructor, reaching no prototype', async () => {
    for (const rawBody of [
      `{"__proto__":{"polluted":"yes"},"email":"${context.manager.email}","password":"not-it"}`,
      `{"constructor":{"prototype":{"polluted":"yes"}},"email":"${context.manager.email}","password":"not-it"}`,
    ]) {
      const response = await callApi(harness.baseUrl, 'POST', paths.login, {
        rawBody,
        contentType: 'application/json',
      });
      // Read as the sign-in it is, without the member: wrong password.
      expect(response.status, response.text).toBe(401);
    }
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
  });

  it('changes nothing and counts no attempt against an account or a code', async () => {
    const { manager } = context;
    const before = await stateOf(manager.id);
    const keysBefore = limiter.keys.length;
    // Past every per-account limit and past the wrong-code limit.
    for (let round = 0; round <= OTP_MAX_ATTEMPTS + 10; round++) {
      for (const c of nulCases) expect((await send(c)).status).toBe(400);
    }

    expect(await stateOf(manager.id)).toEqual(before);
    const counted = limiter.keys.slice(keysBefore);
    expect(counted.length).toBeGreaterThan(0);
    for (const key of counted) expect(key).toMatch(/^(login|forgot|otp):ip:/);

    // Everything the cases carried still works: the password, the code, the reset token.
    expect((await post(paths.login, manager)).status).toBe(200);
    const verified = await post(paths.verify, {
      token: context.verification.token,
      otp: context.verification.code,
    });
    expect(verified.status, verified.text).toBe(200);
    const reset = await post(paths.reset, {
      token: context.resetToken,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reset.status, reset.text).toBe(200);
  });
});
