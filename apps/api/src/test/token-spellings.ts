/** Other spellings of a token's bytes, which a strict verifier must refuse. */
const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The token with `=` appended, and with its last character's unused low bits changed: each
 * decodes to the same bytes. For 32 bytes (an HS256 signature, a stream ticket) of 43
 * characters the last carries 4 bits and 2 spare ones. A JWT's last part is its signature.
 */
export function respellingsOf(token: string): string[] {
  const last = base64url.indexOf(token.at(-1)!);
  const signature = (spelled: string) => Buffer.from(spelled.split('.').at(-1)!, 'base64url');
  const spare = [1, 2, 3].map((bits) => `${token.slice(0, -1)}${base64url[last ^ bits]}`);
  for (const spelled of spare) {
    if (!signature(spelled).equals(signature(token))) {
      throw new Error(`${spelled} is not a re-spelling of ${token}`);
    }
  }
  return [`${token}=`, `${token}==`, ...spare];
}
