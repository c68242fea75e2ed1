import { Download } from 'lucide-react';
import type { BusinessDetail, FileHistoryEntry } from '@fd/contract';
import { buttonClassName } from '#/components/ui/button.tsx';
import { formatDateTime, formatFileSize } from '#/lib/format.ts';
import { useFileHistory } from '../api/file-history.ts';
import { SectionEmpty, SectionError, SectionLoading } from './manage-section-states.tsx';

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
    <div className="overflow-x-auto rounded-xl border border-slate-200">
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
          {history.data.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 font-medium text-slate-900">{entry.title}</td>
              <td className="max-w-48 truncate px-4 py-3 text-slate-700" title={entry.file_name}>
                {entry.file_name}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {fileDirectionLabels[entry.direction]}
              </td>
              <td className="px-4 py-3 text-slate-700">{entry.by}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                <time dateTime={entry.created_at}>
                  {formatDateTime(entry.created_at) ?? entry.created_at}
                </time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                {formatFileSize(entry.file_size)}
              </td>
              <td className="px-4 py-3 text-right">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
