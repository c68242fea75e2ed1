import { describe, expect, it } from 'vitest';
import { SIGNED_LINK_TTL_SECONDS } from '@fd/contract';
import { createSignedFileUrls } from './signed-url.ts';

const secret = 'signed-url-test-secret-0123456789abcdef';

function partsOf(url: string) {
  const parsed = new URL(url, 'http://localhost');
  const [, , , , kind, id] = parsed.pathname.split('/');
  return {
    path: parsed.pathname,
    kind: kind!,
    id: id!,
    expires: parsed.searchParams.get('expires')!,
    signature: parsed.searchParams.get('signature')!,
  };
}

describe('signed file URLs', () => {
  let time = Date.UTC(2025, 0, 1, 12, 0, 0);
  const now = () => new Date(time);
  const urls = createSignedFileUrls({ secret, now });

  it('builds /api/v1/files/{kind}/{id} with an expiry ten minutes ahead', () => {
    const parts = partsOf(urls.urlFor('document', 42));
    expect(parts.path).toBe('/api/v1/files/document/42');
    expect(SIGNED_LINK_TTL_SECONDS).toBe(600);
    expect(Number(parts.expires)).toBe(time / 1000 + SIGNED_LINK_TTL_SECONDS);
    expect(parts.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = urls.check(parts.kind, parts.id, parts.expires, parts.signature);
    expect(check).toEqual({ valid: true, expiresAt: new Date(time + 600_000) });
  });

  it('refuses any change to kind, id, expiry or signature, and any signature spelling but one', () => {
    const { kind, id, expires, signature } = partsOf(urls.urlFor('receipt', 7));
    const invalid = { valid: false, reason: 'invalid' };
    expect(urls.check('document', id, expires, signature)).toEqual(invalid);
    expect(urls.check(kind, '8', expires, signature)).toEqual(invalid);
    expect(urls.check(kind, '07', expires, signature)).toEqual(invalid);
    expect(urls.check(kind, id, String(Number(expires) + 1), signature)).toEqual(invalid);
    // Every single-character change, including the last one whose low bits base64 ignores.
    for (let i = 0; i < signature.length; i++) {
      const changed =
        signature.slice(0, i) + (signature[i] === 'A' ? 'B' : 'A') + signature.slice(i + 1);
      expect(urls.check(kind, id, expires, changed), `position ${i}`).toEqual(invalid);
    }
    for (const malformed of [
      undefined,
      '',
      'x',
      [signature],
      signature + '=',
      signature.slice(1),
    ]) {
      expect(urls.check(kind, id, expires, malformed)).toEqual(invalid);
    }
    for (const badExpiry of [undefined, '', '-1', '1.5', 'soon', [expires]]) {
      expect(urls.check(kind, id, badExpiry, signature)).toEqual(invalid);
    }
  });

  it('expires after ten minutes by the injected clock', () => {
    const { kind, id, expires, signature } = partsOf(urls.urlFor('document', 1));
    time += 599_000;
    expect(urls.check(kind, id, expires, signature).valid).toBe(true);
    time += 1000;
    expect(urls.check(kind, id, expires, signature)).toEqual({ valid: false, reason: 'expired' });
  });

  it('does not accept a URL signed with another secret', () => {
    const other = createSignedFileUrls({ secret: `${secret}-other`, now });
    const { kind, id, expires, signature } = partsOf(other.urlFor('document', 1));
    expect(urls.check(kind, id, expires, signature)).toEqual({ valid: false, reason: 'invalid' });
  });
});
