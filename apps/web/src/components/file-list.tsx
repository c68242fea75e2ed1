import type { ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { buttonClassName } from './ui/button.tsx';
import { formatFileSize } from '#/lib/format.ts';

export interface FileItem {
  key: string | number;
  title: string;
  fileName: string;
  size: number;
  url: string;
  /** A file made in the browser (a mock-up's sample): saved under its name, no new tab. */
  isLocal?: boolean;
  /** Beside the download link: a status picker, say. */
  action?: ReactNode;
}

/** Stored files as the business detail carries them (documents, payment receipts). */
interface StoredFile {
  id: number;
  document_title: string;
  file_name: string;
  size: number;
  file: string;
}

export const toFileItems = (files: StoredFile[]): FileItem[] =>
  files.map((file) => ({
    key: file.id,
    title: file.document_title,
    fileName: file.file_name,
    size: file.size,
    url: file.file,
  }));

/**
 * Files with their size and a download link (a signed URL that works in a new tab, or a local
 * file). On a phone a long title wraps rather than being cut, and the link is its icon alone
 * (still named 'Download …'), leaving the row's width to the title.
 */
export function FileList({ files }: { files: FileItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {files.map((file) => (
        <li key={file.key} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words text-slate-900 sm:truncate">
              {file.title}
            </p>
            <p className="text-xs [overflow-wrap:anywhere] text-slate-500 sm:truncate">
              {file.fileName} · {formatFileSize(file.size)}
            </p>
          </div>
          {file.action}
          <a
            href={file.url}
            aria-label={`Download ${file.title}`}
            {...(file.isLocal
              ? { download: file.fileName }
              : { target: '_blank', rel: 'noopener noreferrer' })}
            className={buttonClassName('secondary', 'px-3 py-1.5')}
          >
            <Download aria-hidden="true" className="size-4" />
            <span className="max-sm:hidden">Download</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
