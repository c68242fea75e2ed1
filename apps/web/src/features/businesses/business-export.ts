/**
 * The list's CSV export (docs/product.md §11.3): the view on screen as the export's query, the
 * file read as it arrives with its records counted, and the file saved.
 */
import { businessApiPaths, exportTexts } from '@fd/contract';
import { api, ApiError } from '#/lib/api-client.ts';
import { formatCount } from '#/lib/format.ts';
import { businessListRequest, type BusinessListView } from './business-list-view.ts';

/**
 * The export's query for a view: the list call's own parameters (the tab's fixed ones
 * included), without the page, and the tab as `status` — so the file holds the rows every page
 * of the view would show.
 */
export function businessExportQuery(view: BusinessListView): Record<string, string> {
  const { page: _page, page_size: _pageSize, ...query } = businessListRequest(view, 1).query;
  return view.tab ? { ...query, status: view.tab.toLowerCase() } : query;
}

/**
 * The view's total for the export's progress: the list's count when it is exact and of this
 * view (not the page of the view before, kept on screen while this one loads).
 */
export const exactTotal = (list: {
  data?: { total_count: number; total_count_exact: boolean } | undefined;
  isPlaceholderData: boolean;
}): number | undefined =>
  !list.isPlaceholderData && list.data?.total_count_exact ? list.data.total_count : undefined;

/**
 * Counts a CSV's records as its bytes arrive: each LF outside quotes ends one (RFC 4180 ends
 * them with CRLF; a quoted field may hold line breaks). Quotes and LF are single bytes that
 * never occur inside a UTF-8 sequence, so the bytes need no decoding.
 */
export function createCsvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    /** Counts `bytes` in; the records ended so far. */
    add(bytes: Uint8Array): number {
      for (const byte of bytes) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
      }
      return records;
    },
  };
}

/** The file name an attachment's Content-Disposition gives, or the export's usual one. */
export function attachmentFileName(disposition: string | null): string {
  return /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? 'businesses.csv';
}

/** '12,000 of 40,000 rows' when the view's total is known, else '12,000 rows'. */
export const formatExportProgress = (rows: number, total: number | undefined): string =>
  total === undefined
    ? `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`
    : `${formatCount(rows)} of ${formatCount(total)} rows`;

export interface ExportedFile {
  file: Blob;
  fileName: string;
  /** Data rows, the header aside. */
  rows: number;
}

/**
 * Downloads a view's export, reporting the rows received as they arrive. Aborting `signal`
 * stops the download, and the server's walk with it (the connection closes).
 */
export async function downloadBusinessExport(
  query: Record<string, string>,
  { signal, onRows }: { signal: AbortSignal; onRows: (rows: number) => void },
): Promise<ExportedFile> {
  const response = await api.stream(businessApiPaths.export, { query, signal });
  const parts: Uint8Array[] = [];
  const counter = createCsvRecordCounter();
  let rows = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      rows = Math.max(0, counter.add(value) - 1);
      onRows(rows);
    }
  }
  return {
    file: new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }),
    fileName: attachmentFileName(response.headers.get('content-disposition')),
    rows,
  };
}

const REVOKE_AFTER_MS = 10_000;

/** Saves a file as the browser saves a download: a link to it, clicked, then let go. */
export function saveFile({ file, fileName }: Pick<ExportedFile, 'file' | 'fileName'>): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Let go once the browser has surely taken the file (revoking at once can cancel it).
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

// By name: what fetch throws need not be made in this realm (a test's jsdom, or Node's own fetch
// under it), so `instanceof` this realm's classes may say no.
const isNamed = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
const isAbort = (error: unknown) => isNamed(error, 'AbortError');

/** What to tell the manager when an export did not finish. */
export function exportFailureMessage(error: unknown): string {
  if (isAbort(error)) return exportTexts.cancelled;
  if (error instanceof ApiError) {
    if (error.status === 401) return exportTexts.signedOut;
    return error.detail ?? exportTexts.failed;
  }
  // fetch's TypeError: no answer, or the answer was cut.
  return isNamed(error, 'TypeError') ? exportTexts.connectionLost : exportTexts.failed;
}
