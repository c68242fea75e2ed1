import { randomBytes, randomUUID } from 'node:crypto';
import {
  apiErrorDetails,
  errorBodySchema,
  changePasswordResponseSchema,
  forgotPasswordResponseSchema,
} from '@fd/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger.ts';
import {
  defaultRateLimits,
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateLimiter,
} from '../../lib/rate-limit/index.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  callApi,
  createTestClock,
  createUser,
  signIn,
  startTestApp,
  testConfig,
  uniqueEmail,
  type TestApp,
  type TestClock,
} from '../../test/test-app.ts';

const redisUrl = process.env.REDIS_URL;
const silentLog = { info() {}, warn() {}, error() {} } as unknown as Logger;

interface LimiterKind {
  name: string;
  create(clock: TestClock): RateLimiter;
}

const limiterKinds: LimiterKind[] = [
  {
    name: 'memory',
    create: (clock) => new MemoryRateLimiter({ now: () => clock.now().getTime() }),
  },
  ...(redisUrl
    ? [
        {
          name: 'redis',
          // A prefix of its own per test: counters never leak between tests or runs.
          create: () =>
            new RedisRateLimiter({
              url: redisUrl,
              log: silentLog,
              keyPrefix: `fd-test:${randomBytes(6).toString('hex')}:`,
            }),
        },
      ]
    : []),
];

const cases = lanes.flatMap((lane) => limiterKinds.map((kind) => ({ lane, kind })));

describe.each(cases)(
  'auth rate limits on $lane.name with $kind.name counters',
  ({ lane, kind }) => {
    let database: TestDatabase;
    let harness: TestApp | undefined;

    beforeAll(async () => {
      database = await lane.open();
    });
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });
    afterAll(() => database?.dispose());

    /** Every key the app counted under, as the store (memory or Redis) received it. */
    let keysCounted: string[] = [];

    /** A fresh app with the default limits; TRUST_PROXY lets each call claim its own IP. */
    const start = async () => {
      const clock = createTestClock();
      const limiter = kind.create(clock);
      keysCounted = [];
      harness = await startTestApp({
        database,
        clock,
        config: testConfig({ TRUST_PROXY: 'true' }),
        rateLimiter: {
          hit: (key, limit, windowMs) => {
            keysCounted.push(key);
            return limiter.hit(key, limit, windowMs);
          },
          reset: (key) => {
            keysCounted.push(key);
            return limiter.reset(key);
          },
          close: () => limiter.close(),
        },
        rateLimits: {},
      });
      return harness;
    };

    const post = (path: string, json: unknown, ip: string) =>
      callApi(harness!.baseUrl, 'POST', path, { json, headers: { 'x-forwarded-for': ip } });

    const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

    const expectRateLimited = (response: Awaited<ReturnType<typeof post>>, windowMs: number) => {
      expect(response.status).toBe(429);
      expect(errorBodySchema.parse(response.body).errors.detail).toBe(apiErrorDetails.rateLimited);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    };

    it('limits login attempts per IP', async () => {
      await start();
      const rule = defaultRateLimits.loginPerIp;
      for (let i = 0; i < rule.limit; i += 1) {
        const response = await post(
          '/api/v1/auth/login/',
          { email: uniqueEmail('x'), password: 'pw' },
          '203.0.113.9',
        );
        expect(response.status).toBe(401);
      }
      const refused = await post(
        '/api/v1/auth/login/',
        { email: uniqueEmail('x'), password: 'pw' },
        '203.0.113.9',
      );
      expectRateLimited(refused, rule.windowMs);
      // Another address is not affected.
      const elsewhere = await post(
        '/api/v1/auth/login/',
        { email: uniqueEmail('x'), password: 'pw' },
        '203.0.113.10',
      );
      expect(elsewhere.status).toBe(401);
      if (kind.name === 'memory') {
        harness!.clock.advance(rule.windowMs);
        const later = await post(
          '/api/v1/auth/login/',
          { email: uniqueEmail('x'), password: 'pw' },
          '203.0.113.9',
        );
        expect(later.status).toBe(401);
      }
    });

    it('limits guesses at an account per address, so failures elsewhere cannot lock its manager out', async () => {
      await start();
      const manager = await createUser(database);
      const other = await createUser(database);
      const rule = defaultRateLimits.loginPerAccountAddress;
      const guesser = '198.51.100.7';
      const wrongGuess = { email: manager.email, password: 'wrong-guess' };
      // A successful sign-in from an address clears the failures counted from it so far…
      for (let i = 0; i < rule.limit - 1; i += 1) {
        await post('/api/v1/auth/login/', wrongGuess, guesser);
      }
      expect((await post('/api/v1/auth/login/', manager, guesser)).status).toBe(200);
      // …then `limit` failures in a row from it refuse that address for the window, the right
      // password included…
      for (let i = 0; i < rule.limit; i += 1) {
        expect((await post('/api/v1/auth/login/', wrongGuess, guesser)).status).toBe(401);
      }
      const refused = await post(
        '/api/v1/auth/login/',
        { email: ` ${manager.email.toUpperCase()}`, password: manager.password },
        guesser,
      );
      expectRateLimited(refused, rule.windowMs);
      expect(refused.text).not.toMatch(/eyJ/);
      // …while the manager signs in from their own address, and other accounts are untouched.
      expect((await post('/api/v1/auth/login/', manager, '192.0.2.44')).status).toBe(200);
      expect((await post('/api/v1/auth/login/', other, '192.0.2.45')).status).toBe(200);

      // Ten failures from each of ten addresses (a probe of the old code locked the manager
      // out for 15 minutes this way): the manager still signs in.
      for (let address = 1; address <= 10; address += 1) {
        for (let i = 0; i < rule.limit; i += 1) {
          await post('/api/v1/auth/login/', wrongGuess, `203.0.113.${address}`);
        }
      }
      expect((await post('/api/v1/auth/login/', manager, '192.0.2.44')).status).toBe(200);
    });

    it("limits a session's tries at the current password, and a change starts the count again", async () => {
      await start();
      const manager = await signIn(harness!, await createUser(database));
      const rule = defaultRateLimits.changePasswordPerAccount;
      const change = (token: string, oldPassword: string, newPassword: string) =>
        callApi(harness!.baseUrl, 'POST', '/api/v1/auth/change-password/', {
          token,
          json: { old_password: oldPassword, new_password: newPassword },
        });
      // A wrong guess is a 400 until the limit…
      for (let i = 0; i < rule.limit - 1; i += 1) {
        expect((await change(manager.token, `guess-${i}-password`, 'next-password-1')).status).toBe(
          400,
        );
      }
      // …a right one before it changes the password and clears the count…
      const changed = await change(manager.token, manager.password, 'next-password-1');
      expect(changed.status).toBe(200);
      const token = changePasswordResponseSchema.parse(changed.body).token;
      for (let i = 0; i < rule.limit; i += 1) {
        expect((await change(token, `guess-${i}-password`, 'next-password-2')).status).toBe(400);
      }
      // …and past it every try is refused, the right password too, for the window.
      expectRateLimited(await change(token, 'next-password-1', 'next-password-2'), rule.windowMs);
      // (Redis keeps its own time: the window's end is checked on the memory counters.)
      if (kind.name === 'memory') {
        harness!.clock.advance(rule.windowMs);
        expect((await change(token, 'next-password-1', 'next-password-2')).status).toBe(200);
      }
    });

    it('counts only wrong current passwords: refused new passwords never lock the account', async () => {
      await start();
      const manager = await signIn(harness!, await createUser(database));
      const rule = defaultRateLimits.changePasswordPerAccount;
      const change = (oldPassword: string, newPassword: string) =>
        callApi(harness!.baseUrl, 'POST', '/api/v1/auth/change-password/', {
          token: manager.token,
          json: { old_password: oldPassword, new_password: newPassword },
        });
      // Before, these counted: the right current password with a refused new one, limit + 1
      // times, then the change itself answered 429 for 15 minutes.
      for (let i = 0; i <= rule.limit; i += 1) {
        const refused = await change(manager.password, i % 2 ? 'Passw0rd!' : manager.password);
        expect(refused.status).toBe(400);
      }
      // Wrong guesses in between still count from zero after a proven current password.
      for (let i = 0; i < rule.limit - 1; i += 1) {
        expect((await change(`guess-${i}-password`, 'harbour-lantern-93')).status).toBe(400);
      }
      expect((await change(manager.password, 'aaaaaaaa')).status).toBe(400);
      for (let i = 0; i < rule.limit - 1; i += 1) {
        expect((await change(`guess-${i}-password`, 'harbour-lantern-93')).status).toBe(400);
      }
      expect((await change(manager.password, 'harbour-lantern-93')).status).toBe(200);
    });

    it('limits code verification per IP and per verification token', async () => {
      await start();
      const perIp = defaultRateLimits.verifyOtpPerIp;
      for (let i = 0; i < perIp.limit; i += 1) {
        const response = await post(
          '/api/v1/auth/otp/verify/',
          { otp: '123456', token: randomUUID() },
          '203.0.113.20',
        );
        expect(response.status).toBe(401);
      }
      expectRateLimited(
        await post(
          '/api/v1/auth/otp/verify/',
          { otp: '123456', token: randomUUID() },
          '203.0.113.20',
        ),
        perIp.windowMs,
      );

      const perToken = defaultRateLimits.verifyOtpPerToken;
      const token = randomUUID();
      for (let i = 0; i < perToken.limit; i += 1) {
        const response = await post(
          '/api/v1/auth/otp/verify/',
          { otp: '123456', token },
          randomIp(),
        );
        expect(response.status).toBe(401);
      }
      expectRateLimited(
        await post('/api/v1/auth/otp/verify/', { otp: '123456', token }, randomIp()),
        perToken.windowMs,
      );
    });

    it('limits forgot-password per IP and per email', async () => {
      await start();
      const perIp = defaultRateLimits.forgotPasswordPerIp;
      for (let i = 0; i < perIp.limit; i += 1) {
        const response = await post(
          '/api/v1/auth/forgot-password/',
          { email: uniqueEmail('f') },
          '203.0.113.30',
        );
        expect(response.status).toBe(200);
      }
      expectRateLimited(
        await post('/api/v1/auth/forgot-password/', { email: uniqueEmail('f') }, '203.0.113.30'),
        perIp.windowMs,
      );

      // Per email and address: one address asking for someone's reset is refused past the
      // limit…
      const perPair = defaultRateLimits.forgotPasswordPerEmailAddress;
      const email = uniqueEmail('target');
      for (let i = 0; i < perPair.limit; i += 1) {
        const response = await post('/api/v1/auth/forgot-password/', { email }, '203.0.113.31');
        forgotPasswordResponseSchema.parse(response.body);
      }
      expectRateLimited(
        await post('/api/v1/auth/forgot-password/', { email }, '203.0.113.31'),
        perPair.windowMs,
      );
      // …but requests from any number of other addresses (before: five, from anywhere, refused
      // the owner for an hour) never refuse the owner's own.
      const watched = defaultRateLimits.forgotPasswordRequestsPerEmail;
      for (let i = 0; i < watched.limit + perPair.limit; i += 1) {
        const response = await post(
          '/api/v1/auth/forgot-password/',
          { email },
          `192.0.2.${100 + i}`,
        );
        expect(response.status).toBe(200);
      }
      expect((await post('/api/v1/auth/forgot-password/', { email }, '198.18.0.7')).status).toBe(
        200,
      );
    });

    it('keeps no email address in a rate-limit key', async () => {
      await start();
      const manager = await createUser(database);
      const email = manager.email.toLowerCase();
      await post('/api/v1/auth/login/', { email, password: 'wrong-guess' }, '203.0.113.40');
      await post('/api/v1/auth/login/', manager, '203.0.113.40');
      await post('/api/v1/auth/forgot-password/', { email }, '203.0.113.40');
      expect(keysCounted.length).toBeGreaterThanOrEqual(5);
      const local = email.split('@')[0]!;
      for (const key of keysCounted) expect(key).not.toContain(local);
    });
  },
);
