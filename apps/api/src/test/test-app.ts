import { loginResponseSchema } from '@fd/contract';
/**
 * Builds the real app on a test database and listens on a free port, so that
 * tests speak HTTP to it with fetch. Mail goes to an in-test SMTP server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { loadConfig, type Config } from '../env.ts';
import { createSmtpMailer, type Mailer } from '../lib/mail/index.ts';
import {
  defaultRateLimits,
  MemoryRateLimiter,
  type RateLimiter,
  type RateLimits,
} from '../lib/rate-limit/index.ts';
import { hashPassword } from '../lib/password.ts';

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** A clock that runs with real time, shifted by what the test advanced. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

/** Limits high enough that only the rate-limit tests ever reach them. */
const relaxedRateLimits: RateLimits = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { limit: 100_000, windowMs: 60_000 }]),
) as RateLimits;

const testDataDirPrefix = 'fd-api-test-';

/** A configuration of its own for each app: a temp DATA_DIR, removed again by close(). */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), testDataDirPrefix));
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  clock: TestClock;
  rateLimiter: RateLimiter;
  /** Log lines written by the app (JSON), when `captureLogs` was asked for. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  database: Database;
  smtpUrl?: string;
  mailer?: Mailer;
  config?: Config;
  rateLimiter?: RateLimiter;
  rateLimits?: Partial<RateLimits>;
  clock?: TestClock;
  captureLogs?: boolean;
  /** Unset: the lane's (`laneReadCache`). */
  readCache?: 'on' | 'off';
  /** How long a stop keeps idle keep-alive connections (main.ts's setting); none by default. */
  keepAliveGraceMs?: number;
}

/** The read cache a lane runs with when a test does not choose: off on PostgreSQL. */
const laneReadCache = (database: Database): 'on' | 'off' =>
  database.kind === 'postgres' ? 'off' : 'on';

export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const clock = options.clock ?? createTestClock();
  // The read cache is on for PGlite and off for PostgreSQL, so both paths are tested in one run
  // (docs/architecture.md §9); a test of the cache itself passes its own config.
  const config =
    options.config ??
    testConfig({
      ...(options.captureLogs ? { LOG_LEVEL: 'info' } : {}),
      READ_CACHE: options.readCache ?? laneReadCache(options.database),
    });
  const mailer =
    options.mailer ??
    createSmtpMailer({ smtpUrl: options.smtpUrl ?? 'smtp://127.0.0.1:1', from: 'test@fd.local' });
  const rateLimiter =
    options.rateLimiter ?? new MemoryRateLimiter({ now: () => clock.now().getTime() });
  const logs: Array<Record<string, unknown>> = [];
  const deps: AppDeps = {
    config,
    database: options.database,
    mailer,
    rateLimiter,
    now: clock.now,
    rateLimits: options.rateLimits ?? relaxedRateLimits,
    ...(options.keepAliveGraceMs === undefined
      ? {}
      : { keepAliveGraceMs: options.keepAliveGraceMs }),
    ...(options.captureLogs
      ? { logStream: { write: (line: string) => void logs.push(JSON.parse(line)) } }
      : {}),
  };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `${config.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    config,
    clock,
    rateLimiter,
    logs,
    async close() {
      await app.close();
      await rateLimiter.close();
      await mailer.close();
      if (path.basename(config.dataDir).startsWith(testDataDirPrefix)) {
        rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}

export const uniqueEmail = (label: string) =>
  `${label}-${randomBytes(5).toString('hex')}@example.com`;

export interface TestUser {
  id: number;
  uuid: string;
  email: string;
  password: string;
}

/** Inserts a user straight into the database (fixtures create their own data). */
export async function createUser(
  database: Database,
  options: {
    role?: 'MANAGER' | 'CLIENT' | 'ADMIN';
    email?: string;
    password?: string;
    isActive?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail((options.role ?? 'MANAGER').toLowerCase());
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      role: options.role ?? 'MANAGER',
      passwordHash: await hashPassword(password),
      isActive: options.isActive ?? true,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'Manager',
    })
    .returning({ id: users.id, uuid: users.uuid });
  return { id: row!.id, uuid: row!.uuid, email, password };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A JSON call; `rawBody`/`contentType` let tests send what a broken client would. */
export async function callApi(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: {
    json?: unknown;
    rawBody?: string;
    contentType?: string;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.rawBody !== undefined) body = options.rawBody;
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(baseUrl + urlPath, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A user signed in through the real login endpoint, with its access token. */
export async function signIn(
  harness: TestApp,
  user: TestUser,
): Promise<TestUser & { token: string }> {
  const login = await callApi(harness.baseUrl, 'POST', '/api/v1/auth/login/', {
    json: { email: user.email, password: user.password },
  });
  return { ...user, token: loginResponseSchema.parse(login.body).token };
}

/** A new manager, signed in through the real login endpoint: its access token. */
export async function signInNewManager(harness: TestApp, database: Database): Promise<string> {
  return (await signIn(harness, await createUser(database))).token;
}
