import { Download } from 'lucide-react';
import type { BusinessDetail, FileHistoryEntry } from '@fd/contract';
import { buttonClassName } from '#/components/ui/button.tsx';
import { formatDateTime, formatFileSize } from '#/lib/format.ts';
import { useFileHistory } from '../api/file-history.ts';
import { SectionEmpty, SectionError, SectionLoading } from '#/components/section-states.tsx';

/** Ours: docs/product.md names the section but gives it no empty or error text. */
export const NO_FILE_HISTORY_TEXT = 'No files have been sent or received yet.';
export const FILE_HISTORY_LOAD_ERROR_TEXT = 'The file history could not be loaded.';

export const fileDirectionLabels: Record<FileHistoryEntry['direction'], string> = {
  sent: 'Sent to client',
  received: 'Received from client',
};

/** File history: every file the business and its managers exchanged, newest first. */
export function FileHistorySection({ business }: { business: BusinessDetail }) {
  const history = useFileHistory(business.uuid);

  if (history.isPending) return <SectionLoading label="Loading file history" />;
  if (history.isError) {
    return (
      <SectionError message={FILE_HISTORY_LOAD_ERROR_TEXT} onRetry={() => void history.refetch()} />
    );
  }
  if (history.data.length === 0) return <SectionEmpty>{NO_FILE_HISTORY_TEXT}</SectionEmpty>;

  return (
    <>
      <FileHistoryTable entries={history.data} />
      <FileHistoryCards entries={history.data} />
    </>
  );
}

function DownloadLink({ entry }: { entry: FileHistoryEntry }) {
  return (
    <a
      href={entry.download_url}
      download={entry.file_name}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Download ${entry.file_name}`}
      className={buttonClassName('secondary', 'px-3 py-1.5')}
    >
      <Download aria-hidden="true" className="size-4" />
    </a>
  );
}

/** The message sent with a feedback's file (docs/product.md §10.1). */
function SentMessage({ entry }: { entry: FileHistoryEntry }) {
  if (!entry.message) return null;
  return (
    <span className="mt-0.5 block text-xs font-normal break-words whitespace-pre-wrap text-slate-600">
      {entry.message}
    </span>
  );
}

const shownDate = (entry: FileHistoryEntry) => (
  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at) ?? entry.created_at}</time>
);

/** Wider than a phone: the table, hidden there (`display: none`) for the cards below. */
function FileHistoryTable({ entries }: { entries: FileHistoryEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 max-sm:hidden">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">File history</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {['Title', 'File', 'Direction', 'By', 'Date', 'Size'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-2.5">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 font-medium text-slate-900">
                {entry.title}
                <SentMessage entry={entry} />
              </td>
              <td className="max-w-48 truncate px-4 py-3 text-slate-700" title={entry.file_name}>
                {entry.file_name}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {fileDirectionLabels[entry.direction]}
              </td>
              <td className="px-4 py-3 text-slate-700">{entry.by}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {shownDate(entry)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {formatFileSize(entry.file_size)}
              </td>
              <td className="px-4 py-3 text-right">
                <DownloadLink entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: each file as a card, everything in sight without scrolling sideways. */
function FileHistoryCards({ entries }: { entries: FileHistoryEntry[] }) {
  return (
    <ul
      aria-label="File history"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 sm:hidden"
    >
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start gap-3 px-4 py-3 text-sm">
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="font-medium break-words text-slate-900">{entry.title}</p>
            <SentMessage entry={entry} />
            <p className="[overflow-wrap:anywhere] text-slate-700">{entry.file_name}</p>
            <p className="text-xs text-slate-600">
              {fileDirectionLabels[entry.direction]} · {entry.by}
            </p>
            <p className="text-xs text-slate-600 tabular-nums">
              {shownDate(entry)} · {formatFileSize(entry.file_size)}
            </p>
          </div>
          <DownloadLink entry={entry} />
        </li>
      ))}
    </ul>
  );
}
