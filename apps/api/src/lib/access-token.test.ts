import { describe, expect, it } from 'vitest';
import { respellingsOf } from '../test/token-spellings.ts';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const secret = 'access-token-test-secret-0123456789abcdef';
const claims = { sub: '8f14e45f-ceea-4677-a8a7-2a4b1c3d5e6f', role: 'MANAGER', tokenVersion: 3 };
const t0 = new Date('2026-11-21T10:00:00Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('stay valid until their expiry, also once verified before', async () => {
    const token = await signAccessToken(claims, { secret, ttlSeconds: 60 }, t0);
    expect(await verifyAccessToken(token, secret, t0)).toMatchObject(claims);
    expect(await verifyAccessToken(token, secret, later(59))).toMatchObject(claims);
    expect(await verifyAccessToken(token, secret, later(60))).toBeNull();
  });

  it('refuse a tampered token or another secret even after the real one was verified', async () => {
    const token = await signAccessToken(claims, { secret, ttlSeconds: 600 }, t0);
    expect(await verifyAccessToken(token, secret, t0)).toMatchObject(claims);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), tv: 4 }),
    ).toString('base64url');
    expect(
      await verifyAccessToken(`${header}.${otherPayload}.${signature}`, secret, t0),
    ).toBeNull();
    const flipped = signature!.startsWith('A')
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret, t0)).toBeNull();
    expect(await verifyAccessToken(token, `${secret}-other`, t0)).toBeNull();
  });

  it('refuse every other spelling of a valid signature: padding, spare low bits', async () => {
    const token = await signAccessToken(claims, { secret, ttlSeconds: 600 }, t0);
    expect(await verifyAccessToken(token, secret, t0)).toMatchObject(claims);
    for (const respelled of respellingsOf(token)) {
      expect(await verifyAccessToken(respelled, secret, t0), respelled).toBeNull();
    }
  });
});
