import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStepWaitLimitHours } from '@fd/contract';
import { ConfigError, loadConfig, locateDataDir, parseEnv } from './env.ts';
import { defaultRateLimits, rateLimitsForConfig } from './lib/rate-limit/index.ts';
import { testTlsFiles } from './test/tls.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'fd-env-'));

describe('configuration', () => {
  it('has working defaults with nothing but the data folder set: embedded database, outbox mail, demo seed', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: 'data', INIT_CWD: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.join(dir, 'data'));
    expect(config.database).toEqual({ pgliteDir: path.join(dir, 'data', 'db') });
    expect(config.mail).toMatchObject({ outboxDir: path.join(dir, 'data', 'outbox') });
    expect(config.seedDemo).toBe(true);
    expect(config.rateLimitIpMultiplier).toBe(1);
  });

  it("reads each step's wait limit from STEP_WAIT_LIMITS, the rest from the defaults, and refuses a bad pair", () => {
    const dir = tempDir();
    const config = loadConfig({
      DATA_DIR: 'data',
      INIT_CWD: dir,
      STEP_WAIT_LIMITS: 'payment_status=2, tax_ein_status = 400',
    });
    expect(config.stepWaitLimits).toEqual({
      ...defaultStepWaitLimitHours,
      payment_status: 2,
      tax_ein_status: 400,
    });
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: dir }).stepWaitLimits).toEqual(
      defaultStepWaitLimitHours,
    );
    for (const bad of ['payment_status', 'payment=2', 'payment_status=0', 'tax_ein_status=9000']) {
      expect(() => parseEnv({ STEP_WAIT_LIMITS: bad }), bad).toThrow(
        /^Invalid configuration: STEP_WAIT_LIMITS must be step_key=hours pairs/,
      );
    }
  });

  describe('the data folder', () => {
    const checkout = () => tempDir();
    const withDatabase = (dataDir: string) =>
      mkdirSync(path.join(dataDir, 'db'), { recursive: true });

    it('is the checkout’s data/ when DATA_DIR is unset, whichever folder npm runs in', () => {
      const root = checkout();
      for (const from of [root, path.join(root, 'apps/api'), tempDir()]) {
        expect(locateDataDir({ INIT_CWD: from }, root)).toEqual({
          dataDir: path.join(root, 'data'),
          chosenBy: "DATA_DIR unset: the checkout's data folder",
          embedded: true,
        });
      }
      expect(
        locateDataDir(
          { INIT_CWD: root, DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(32) },
          root,
        ).embedded,
      ).toBe(false);
    });

    it('is DATA_DIR, relative to the folder npm runs in, when set', () => {
      const from = tempDir();
      expect(locateDataDir({ INIT_CWD: from, DATA_DIR: 'elsewhere' }, checkout())).toEqual({
        dataDir: path.join(from, 'elsewhere'),
        chosenBy: 'DATA_DIR=elsewhere',
        embedded: true,
      });
    });

    it('is not silently traded for a new one when an earlier start kept its data in ./data', () => {
      const root = checkout();
      const from = tempDir();
      withDatabase(path.join(from, 'data'));
      expect(() => locateDataDir({ INIT_CWD: from }, root)).toThrow(
        new ConfigError(
          `Invalid configuration: DATA_DIR is unset, so the data folder is the checkout's ${path.join(root, 'data')}, which holds no database; the data of an earlier start is in ${path.join(from, 'data')}. Set DATA_DIR=${path.join(from, 'data')} to go on with it.`,
        ),
      );
      // Once the checkout's folder holds a database, it is the one: no question left.
      withDatabase(path.join(root, 'data'));
      expect(locateDataDir({ INIT_CWD: from }, root).dataDir).toBe(path.join(root, 'data'));
      // Set, DATA_DIR is obeyed whatever else exists.
      expect(locateDataDir({ INIT_CWD: from, DATA_DIR: 'data' }, checkout()).dataDir).toBe(
        path.join(from, 'data'),
      );
    });
  });

  it('logs JSON lines, but short readable lines on a terminal outside production', () => {
    const format = (env: Record<string, string>, stdoutIsTerminal: boolean) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }, { stdoutIsTerminal }).logFormat;
    expect(format({}, false)).toBe('json');
    expect(format({}, true)).toBe('pretty');
    expect(format({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(format({ NODE_ENV: 'development' }, true)).toBe('pretty');
    expect(format({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(format({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be json or pretty (got "xml").',
    );
  });

  it('generates the embedded JWT secret once and keeps it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwt.secret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwt.secret).toBe(first.jwt.secret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwt.secret);
  });

  it('turns the seed off with a PostgreSQL URL and requires a JWT secret there', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/x' })).toThrow(
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (at least 32 characters).',
    );
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://db/x',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config.seedDemo).toBe(false);
    expect(config.database).toEqual({ url: 'postgres://db/x', poolSize: 10 });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number (got "abc").'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000").'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x").',
    ],
    [
      { SEED_DEMO: 'maybe' },
      'Invalid configuration: SEED_DEMO must be one of true/false, 1/0, yes/no, on/off (got "maybe").',
    ],
    [
      { RATE_LIMIT_IP_MULTIPLIER: '0' },
      'Invalid configuration: RATE_LIMIT_IP_MULTIPLIER must be between 1 and 1000 (got "0").',
    ],
  ])('stops on a bad value with one line naming the variable: %j', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  describe('HTTPS', () => {
    const { certFile, keyFile } = testTlsFiles;

    it('reads the certificate and key relative to where npm started, or leaves TLS off', () => {
      const dir = tempDir();
      expect(loadConfig({ INIT_CWD: dir, DATA_DIR: 'data' }).tls).toBeUndefined();
      const config = loadConfig({
        INIT_CWD: path.dirname(certFile),
        DATA_DIR: dir,
        TLS_CERT_FILE: path.basename(certFile),
        TLS_KEY_FILE: keyFile,
      });
      expect(config.tls).toEqual({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
    });

    it.each([
      [{ TLS_CERT_FILE: certFile }, 'TLS_CERT_FILE and TLS_KEY_FILE go together'],
      [{ TLS_KEY_FILE: keyFile }, 'TLS_CERT_FILE and TLS_KEY_FILE go together'],
    ])('stops when only one of the pair is set: %j', (env, message) => {
      expect(() => parseEnv(env)).toThrow(message);
    });

    it('stops on a file it cannot read, or a key that is not the certificate’s', () => {
      const dir = tempDir();
      const missing = path.join(dir, 'missing.pem');
      expect(() =>
        loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: missing, TLS_KEY_FILE: keyFile }),
      ).toThrow(`Invalid configuration: TLS_CERT_FILE cannot be read (ENOENT`);
      expect(() =>
        loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: certFile, TLS_KEY_FILE: missing }),
      ).toThrow(`Invalid configuration: TLS_KEY_FILE cannot be read (ENOENT`);

      const otherKey = path.join(dir, 'other-key.pem');
      writeFileSync(
        otherKey,
        generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }),
      );
      const mismatched = { DATA_DIR: dir, TLS_CERT_FILE: certFile, TLS_KEY_FILE: otherKey };
      expect(() => loadConfig(mismatched)).toThrow(ConfigError);
      expect(() => loadConfig(mismatched)).toThrow(
        'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key',
      );
      // The key file given as the certificate.
      expect(() =>
        loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: keyFile, TLS_KEY_FILE: keyFile }),
      ).toThrow('are not a PEM certificate and its private key');
    });
  });

  it('multiplies the per-account limits apart, for test rigs, and never in production', () => {
    const limits = rateLimitsForConfig(1, 10);
    expect(limits.loginPerIp).toEqual(defaultRateLimits.loginPerIp);
    expect(limits.loginPerAccountAddress.limit).toBe(
      defaultRateLimits.loginPerAccountAddress.limit * 10,
    );
    expect(limits.verifyOtpPerToken.limit).toBe(defaultRateLimits.verifyOtpPerToken.limit * 10);
    expect(limits.forgotPasswordPerEmailAddress.limit).toBe(
      defaultRateLimits.forgotPasswordPerEmailAddress.limit * 10,
    );
    expect(parseEnv({ RATE_LIMIT_ACCOUNT_MULTIPLIER: '10' }).RATE_LIMIT_ACCOUNT_MULTIPLIER).toBe(
      10,
    );
    expect(parseEnv({}).RATE_LIMIT_ACCOUNT_MULTIPLIER).toBe(1);
    expect(() => parseEnv({ RATE_LIMIT_ACCOUNT_MULTIPLIER: '10', NODE_ENV: 'production' })).toThrow(
      'must be 1 in production',
    );
  });

  it('multiplies only the per-IP rate limits', () => {
    const limits = rateLimitsForConfig(5);
    expect(limits.loginPerIp.limit).toBe(defaultRateLimits.loginPerIp.limit * 5);
    expect(limits.verifyOtpPerIp.limit).toBe(defaultRateLimits.verifyOtpPerIp.limit * 5);
    expect(limits.forgotPasswordPerIp.limit).toBe(defaultRateLimits.forgotPasswordPerIp.limit * 5);
    expect(limits.loginPerAccountAddress).toEqual(defaultRateLimits.loginPerAccountAddress);
    expect(limits.verifyOtpPerToken).toEqual(defaultRateLimits.verifyOtpPerToken);
  });
});
