/**
 * The only place that reads the environment (docs/conventions.md, convention 6).
 * Parsed once at start; a bad value stops the start with one line naming it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import {
  DEFAULT_UPLOAD_MAX_BYTES,
  defaultStepWaitLimitHours,
  formationStepKeys,
  STEP_WAIT_LIMIT_MAX_HOURS,
  type FormationStepKey,
} from '@fd/contract';
import { z } from 'zod';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true/false, 1/0, yes/no, on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  /** Unset: the checkout's own data folder (locateDataDir). */
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Formation Desk <no-reply@formation-desk.local>'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(8 * 3600),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: `pretty` on a terminal, `json` otherwise and in production. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  NODE_ENV: z.string().optional(),
  /** Answers kept in memory between requests (lists, counts, details, the auth checks). */
  READ_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /**
   * How long a step may hold its status before its business needs attention
   * (docs/product.md §11.5): `step_key=hours` pairs, comma-separated; unnamed steps keep their
   * default.
   */
  STEP_WAIT_LIMITS: z
    .string()
    .transform((value, ctx) => {
      const limits: Partial<Record<FormationStepKey, number>> = {};
      for (const pair of value.split(',')) {
        const match = /^\s*([a-z_]+)\s*=\s*([0-9]{1,4})\s*$/.exec(pair);
        const key = match?.[1] as FormationStepKey | undefined;
        const hours = Number(match?.[2]);
        if (
          !key ||
          !formationStepKeys.includes(key) ||
          hours < 1 ||
          hours > STEP_WAIT_LIMIT_MAX_HOURS
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `must be step_key=hours pairs (a step of ${formationStepKeys.join(', ')}; 1 to ${STEP_WAIT_LIMIT_MAX_HOURS} hours), separated by commas`,
          });
          return z.NEVER;
        }
        limits[key] = hours;
      }
      return limits;
    })
    .optional(),
  TRUST_PROXY: boolish.default(false),
  RATE_LIMIT_IP_MULTIPLIER: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 1000' })
    .max(1000, { error: 'must be between 1 and 1000' })
    .default(1),
  /**
   * Multiplies the per-account, per-email and per-code limits: for test rigs (fuzzers, load
   * benches) whose few accounts would otherwise be refused; never above 1 in production.
   */
  RATE_LIMIT_ACCOUNT_MULTIPLIER: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 1000' })
    .max(1000, { error: 'must be between 1 and 1000' })
    .default(1),
  /** The largest file an upload may carry, in bytes (413 above it). */
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be between 1024 and 104857600 (100 MB)' })
    .max(100 * 1024 * 1024, { error: 'must be between 1024 and 104857600 (100 MB)' })
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  /** Where the built SPA lives; unset = apps/web/dist of this checkout. */
  WEB_DIST_DIR: z.string().optional(),
  /** A PEM certificate (chain) and its private key: both set, the server speaks HTTPS. */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { url: string; poolSize: number } | { pgliteDir: string };
  filesDir: string;
  /** The largest upload, in bytes. */
  uploadMaxBytes: number;
  mail: { smtpUrl: string; from: string } | { outboxDir: string; from: string };
  redisUrl: string | undefined;
  jwt: { secret: string; ttlSeconds: number };
  seedDemo: boolean;
  logLevel: RawEnv['LOG_LEVEL'];
  /** JSON lines for machines, or short coloured lines for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  /** Off: every read asks the database (docs/architecture.md §9, "Without the read cache"). */
  readCache: boolean;
  /** Hours each step may hold its status before its business needs attention. */
  stepWaitLimits: Record<FormationStepKey, number>;
  trustProxy: boolean;
  /** Multiplies the per-IP auth limits (many managers behind one office address). */
  rateLimitIpMultiplier: number;
  /** Multiplies the per-account limits (test rigs only; 1 in production). */
  rateLimitAccountMultiplier: number;
  webDistDir: string;
  /**
   * Set: the server answers over TLS only, HTTP/2 to the clients that offer it (browsers do)
   * and HTTP/1.1 to the rest (docs/decisions/054-the-server-answers-https-itself-http-2.md).
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
}

export class ConfigError extends Error {}

/** Validates the variables; throws ConfigError with one line naming the first bad one. */
export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => {
      const v = source[k];
      return v === undefined || v === '' ? [] : [[k, v]];
    }),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got "${present[name]}").`,
    );
  }
  if (Boolean(result.data.TLS_CERT_FILE) !== Boolean(result.data.TLS_KEY_FILE)) {
    throw new ConfigError(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither.',
    );
  }
  if (result.data.NODE_ENV === 'production' && result.data.RATE_LIMIT_ACCOUNT_MULTIPLIER !== 1) {
    throw new ConfigError(
      'Invalid configuration: RATE_LIMIT_ACCOUNT_MULTIPLIER loosens the limits on guessing passwords and codes: it is for test rigs and must be 1 in production.',
    );
  }
  if (result.data.DATABASE_URL && !result.data.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (at least 32 characters).',
    );
  }
  return result.data;
}

/** The folder npm was started in (INIT_CWD), else this process's: where relative paths start. */
export const invocationDir = (source: Record<string, string | undefined> = process.env): string =>
  source.INIT_CWD ?? process.cwd();

/** This checkout's root: apps/api/src/../../.. (also from the bundle, whose import.meta names this file). */
const checkoutDir = path.resolve(import.meta.dirname, '../../..');

export interface DataDirLocation {
  /** Absolute. */
  dataDir: string;
  /** How it was chosen, for messages: `DATA_DIR=…`, or the default. */
  chosenBy: string;
  /** Without DATABASE_URL: PGlite keeps the database in the folder. */
  embedded: boolean;
}

/**
 * The data folder, without creating it. DATA_DIR, relative to the folder npm was started in
 * (INIT_CWD); unset, the checkout's `data/`, whichever folder the server or a tool is started
 * from, so that `npm start` and `npm run manager` find the same data by default. Before, the
 * default was `./data` of the folder npm was started in: a database left there by an earlier
 * start is not silently traded for a new empty one (ConfigError naming both).
 */
export function locateDataDir(
  source: Record<string, string | undefined> = process.env,
  checkout: string = checkoutDir,
): DataDirLocation {
  const env = parseEnv(source);
  const embedded = !env.DATABASE_URL;
  if (env.DATA_DIR) {
    return {
      dataDir: path.resolve(invocationDir(source), env.DATA_DIR),
      chosenBy: `DATA_DIR=${env.DATA_DIR}`,
      embedded,
    };
  }
  const dataDir = path.join(checkout, 'data');
  const earlier = path.resolve(invocationDir(source), 'data');
  if (
    embedded &&
    earlier !== dataDir &&
    existsSync(path.join(earlier, 'db')) &&
    !existsSync(path.join(dataDir, 'db'))
  ) {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR is unset, so the data folder is the checkout's ${dataDir}, which holds no database; the data of an earlier start is in ${earlier}. Set DATA_DIR=${earlier} to go on with it.`,
    );
  }
  return { dataDir, chosenBy: "DATA_DIR unset: the checkout's data folder", embedded };
}

/**
 * Turns the variables into the app's configuration. Relative paths are taken
 * from the folder npm was started in (INIT_CWD), so `DATA_DIR=./data npm start`
 * means the project root whichever workspace runs the script.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  { stdoutIsTerminal = process.stdout.isTTY === true }: { stdoutIsTerminal?: boolean } = {},
): Config {
  const env = parseEnv(source);
  const base = invocationDir(source);
  const { dataDir } = locateDataDir(source);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { pgliteDir: path.join(dataDir, 'db') },
    filesDir: path.join(dataDir, 'files'),
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    mail: env.SMTP_URL
      ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }
      : { outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM },
    redisUrl: env.REDIS_URL,
    jwt: { secret: env.JWT_SECRET ?? localJwtSecret(dataDir), ttlSeconds: env.JWT_TTL_SECONDS },
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    logFormat:
      env.LOG_FORMAT ?? (stdoutIsTerminal && env.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    readCache: env.READ_CACHE === 'on',
    stepWaitLimits: { ...defaultStepWaitLimitHours, ...env.STEP_WAIT_LIMITS },
    trustProxy: env.TRUST_PROXY,
    rateLimitIpMultiplier: env.RATE_LIMIT_IP_MULTIPLIER,
    rateLimitAccountMultiplier: env.RATE_LIMIT_ACCOUNT_MULTIPLIER,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(base, env.WEB_DIST_DIR)
      : path.join(checkoutDir, 'apps/web/dist'),
    tls:
      env.TLS_CERT_FILE && env.TLS_KEY_FILE
        ? readTls(path.resolve(base, env.TLS_CERT_FILE), path.resolve(base, env.TLS_KEY_FILE))
        : undefined,
  };
}

/** The certificate and key files, read and checked to be a pair before the server starts. */
function readTls(certFile: string, keyFile: string): { cert: Buffer; key: Buffer } {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ${name} cannot be read (${(error as Error).message}).`,
      );
    }
  };
  const tls = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key (${(error as Error).message}).`,
    );
  }
  return tls;
}

/** Embedded mode: a secret generated on first start and kept beside the data. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    // 'wx': of two processes starting at once on a new folder, one secret wins.
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
