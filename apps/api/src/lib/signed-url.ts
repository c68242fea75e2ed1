/**
 * Short-lived download links that work without a bearer header (a new tab, a
 * plain <a href>): the URL itself carries an HMAC-SHA256 over the file kind,
 * the row id and the expiry, keyed with a key derived from the JWT secret.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH, SIGNED_LINK_TTL_SECONDS } from '@fd/contract';
import type { StoredFileKind } from './storage/stored-file-sources.ts';

/** Mounted under API_BASE_PATH: `/api/v1/files/{kind}/{id}`. */
export const FILES_ROUTE = '/files/:kind/:id';

export type SignatureCheck =
  { valid: true; expiresAt: Date } | { valid: false; reason: 'invalid' | 'expired' };

export interface SignedFileUrls {
  /** `/api/v1/files/{kind}/{id}?expires=…&signature=…`, valid for the TTL from now. */
  urlFor(kind: StoredFileKind, id: number): string;
  /** Checks the parts of a received URL exactly as they arrived (strings, or anything a query parser made). */
  check(kind: string, id: string, expires: unknown, signature: unknown): SignatureCheck;
}

export interface SignedFileUrlOptions {
  secret: string;
  now: () => Date;
  ttlSeconds?: number;
}

const SIGNATURE_BYTES = 32;
const expiresPattern = /^\d{1,12}$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/;

/** A key of its own, so a download signature can never be replayed as anything else. */
const deriveKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, '', 'formation-desk/signed-file-url/v1', SIGNATURE_BYTES));

export function createSignedFileUrls({
  secret,
  now,
  ttlSeconds = SIGNED_LINK_TTL_SECONDS,
}: SignedFileUrlOptions): SignedFileUrls {
  const key = deriveKey(secret);
  const sign = (kind: string, id: string, expires: string): Buffer =>
    createHmac('sha256', key).update(`${kind}\n${id}\n${expires}`).digest();

  return {
    urlFor(kind, id) {
      const expires = String(Math.floor(now().getTime() / 1000) + ttlSeconds);
      const signature = sign(kind, String(id), expires).toString('base64url');
      const path = `${API_BASE_PATH}/files/${encodeURIComponent(kind)}/${id}`;
      return `${path}?expires=${expires}&signature=${signature}`;
    },

    check(kind, id, expires, signature) {
      if (typeof expires !== 'string' || !expiresPattern.test(expires)) {
        return { valid: false, reason: 'invalid' };
      }
      if (typeof signature !== 'string' || !signaturePattern.test(signature)) {
        return { valid: false, reason: 'invalid' };
      }
      // Compared as text: base64url has spare bits, so decoding first would let
      // two spellings of one signature both pass.
      const expected = Buffer.from(sign(kind, id, expires).toString('base64url'));
      const received = Buffer.from(signature);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
        return { valid: false, reason: 'invalid' };
      }
      const expiresAt = new Date(Number(expires) * 1000);
      if (expiresAt.getTime() <= now().getTime()) return { valid: false, reason: 'expired' };
      return { valid: true, expiresAt };
    },
  };
}
