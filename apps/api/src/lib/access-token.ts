import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

/** What an access token asserts; the auth hook re-checks all of it against the database. */
export interface AccessTokenClaims {
  /** The user's public uuid. */
  sub: string;
  role: string;
  /** users.token_version when the token was issued; a password change bumps it. */
  tokenVersion: number;
}

/** A verified token's claims, with what identifies and ends this one token. */
export type VerifiedAccessToken = AccessTokenClaims & {
  /**
   * The token's own id (`jti`): a logout revokes it by this
   * (docs/decisions/040-logout-ends-the-session-s-token.md).
   */
  id: string;
  /** When it expires (Unix seconds). */
  expiresAt: number;
};

export interface AccessTokenSettings {
  secret: string;
  ttlSeconds: number;
}

const algorithm = 'HS256';
const secretKeys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = secretKeys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    secretKeys.set(secret, key);
  }
  return key;
};

export async function signAccessToken(
  claims: AccessTokenClaims,
  settings: AccessTokenSettings,
  issuedAt: Date,
): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ role: claims.role, tv: claims.tokenVersion })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .sign(keyOf(settings.secret));
}

/**
 * Tokens whose signature was already checked, with their expiry. A token's
 * bytes never change, so its signature need not be checked on every request
 * (jose does it through async WebCrypto, the largest per-request cost after
 * the database); only the expiry depends on the time. Bounded: the least recently used token is forgotten first.
 */
const MAX_VERIFIED_TOKENS = 10_000;
const verified = new LRUCache<string, { secret: string; token: VerifiedAccessToken }>({
  max: MAX_VERIFIED_TOKENS,
});

/** The claims of a valid, unexpired token signed with our secret; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  at: Date,
): Promise<VerifiedAccessToken | null> {
  const seconds = Math.floor(at.getTime() / 1000);
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (seconds < known.token.expiresAt) return known.token;
    verified.delete(token);
    return null;
  }
  const checked = await checkAccessToken(token, secret, at);
  if (!checked) return null;
  verified.set(token, { secret, token: checked });
  return checked;
}

/**
 * Each part of a JWT in the one spelling of its bytes: base64url without padding (RFC 7515
 * §2). Decoders accept more — a trailing `=`, other values in the last character's unused
 * low bits — so without this one signed token would have many accepted spellings, each a
 * token of its own to a cache or a log.
 */
const canonicalPart = /^[A-Za-z0-9_-]*$/;
const isCanonicalToken = (token: string): boolean => {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) =>
        canonicalPart.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
};

async function checkAccessToken(
  token: string,
  secret: string,
  at: Date,
): Promise<VerifiedAccessToken | null> {
  if (!isCanonicalToken(token)) return null;
  try {
    // A token without an id could not be revoked: those issued before ids existed need a new
    // sign-in.
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [algorithm],
      currentDate: at,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
    if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
    if (typeof payload.jti !== 'string' || payload.jti.length > 64) return null;
    return {
      sub: payload.sub,
      role: payload.role,
      tokenVersion: payload.tv,
      id: payload.jti,
      expiresAt: payload.exp!,
    };
  } catch {
    return null;
  }
}
