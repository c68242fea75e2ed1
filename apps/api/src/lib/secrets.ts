import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@fd/contract';

/** An unguessable token for links and one-time flows (256 bits, URL-safe). */
export const createRandomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored as SHA-256 so a database leak does not hand them out. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash for short secrets (6-digit codes) that SHA-256 alone would not protect. */
export const hmacSha256 = (key: string, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** A uniformly random numeric code of OTP_LENGTH digits, zero-padded. */
export const createNumericCode = (): string =>
  String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Compares two hex digests in constant time. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
