/**
 * Response headers built from stored names and types. Both come from uploads,
 * so neither may break out of its header (quotes, CR/LF) or pick a type the
 * browser would render inline as script.
 */

const mimeType = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The stored type when it is a plain `type/subtype`; anything else is served as bytes. */
export function safeContentType(stored: string): string {
  const bare = stored.split(';')[0]!.trim();
  return mimeType.test(bare) ? bare.toLowerCase() : 'application/octet-stream';
}

/**
 * `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266
 * and RFC 5987), so every browser saves the file under its original name.
 */
export function contentDisposition(fileName: string): string {
  // Control characters (CR/LF would end the header), and path separators.
  const name =
    [...fileName]
      .map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || 'download';
  const fallback = name.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
