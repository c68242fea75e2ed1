import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Eye, FileText } from 'lucide-react';
import type { BusinessDetail, BusinessListItem } from '@fd/contract';
import {
  DocumentViewer,
  toViewedDocuments,
  type ViewedDocument,
} from '#/components/document-viewer.tsx';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { paths } from '#/config/paths.ts';
import { useBusinessDetail } from '#/lib/business-queries.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatFileSize } from '#/lib/format.ts';

type ListedFile = BusinessListItem['total_files']['kyc'][number];

/**
 * What the viewer offers beside a document of the business (the app gives the manage screen's
 * status choices: docs/product.md §12.2); nothing when absent.
 */
export type PreviewViewerActions = (
  business: BusinessDetail,
  documentId: ViewedDocument['key'],
) => ReactNode;

interface DocumentPreviewDialogProps {
  /** The business whose files are shown; null keeps the dialog closed. */
  business: BusinessListItem | null;
  onClose: () => void;
  viewerActions?: PreviewViewerActions | undefined;
}

interface FileGroupProps {
  title: string;
  files: ListedFile[];
  /** Opens the file in the viewer; absent until the business's signed links have arrived. */
  onView: ((id: number) => void) | undefined;
}

function FileGroup({ title, files, onView }: FileGroupProps) {
  if (files.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-3 px-3 py-2.5">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-900">
              {file.document_title}
            </span>
            <span className="text-xs text-slate-500 tabular-nums">{formatFileSize(file.size)}</span>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-label={`View ${file.document_title}`}
              disabled={!onView}
              onClick={() => onView?.(file.id)}
            >
              <Eye aria-hidden="true" className="size-4" />
              <span className="max-sm:hidden">View</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Preview modal of a documents row (docs/product.md §2): the business's KYC and KYB files,
 * each opening in the viewer over it, with `viewerActions` beside a document (docs/product.md
 * §12.2).
 */
export function DocumentPreviewDialog({
  business,
  onClose,
  viewerActions,
}: DocumentPreviewDialogProps) {
  return (
    <Dialog open={business !== null} onClose={onClose} title="Preview">
      {business && (
        <PreviewBody business={business} onClose={onClose} viewerActions={viewerActions} />
      )}
    </Dialog>
  );
}

function PreviewBody({
  business,
  onClose,
  viewerActions,
}: {
  business: BusinessListItem;
  onClose: () => void;
  viewerActions: PreviewViewerActions | undefined;
}) {
  const navigate = useNavigate();
  const files = business.total_files;
  const hasFiles = files.kyc.length + files.kyb.length > 0;
  // A long list scrolls inside the dialog: the keyboard reaches it too.
  const scroll = useKeyboardScroll<HTMLDivElement>();
  // The list row carries no links (docs/decisions/043-download-links-that-live-minutes.md): the
  // viewer reads the signed ones from the detail, asked for as the preview opens.
  const detail = useBusinessDetail(business.uuid);
  const stored = detail.data ? [...detail.data.documents.kyc, ...detail.data.documents.kyb] : [];
  const [viewed, setViewed] = useState<number | null>(null);
  const onView = detail.data
    ? (id: number) => setViewed(stored.findIndex((document) => document.id === id))
    : undefined;

  return (
    <>
      <div className="space-y-4 text-left">
        <p className="text-center text-sm font-medium text-slate-700">{business.business_name}</p>
        {hasFiles ? (
          <div
            {...scroll}
            role="group"
            aria-label="Verification documents"
            className={classNames(
              'max-h-[55vh] space-y-4 overflow-y-auto',
              scrollBoxFocusClassName,
            )}
          >
            <FileGroup title="KYC documents" files={files.kyc} onView={onView} />
            <FileGroup title="KYB documents" files={files.kyb} onView={onView} />
          </div>
        ) : (
          <p className="text-center text-sm text-slate-500">No verification documents available.</p>
        )}
        <div className="flex gap-3 pt-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Close
          </Button>
          <Button
            className="flex-1"
            onClick={() => navigate(paths.fullBusinessDetails(business.uuid))}
          >
            See all docs
          </Button>
        </div>
      </div>
      <DocumentViewer
        documents={toViewedDocuments(stored)}
        index={viewed}
        onIndexChange={setViewed}
        onClose={() => setViewed(null)}
        actions={
          detail.data && viewerActions
            ? (shown) => viewerActions(detail.data, shown.key)
            : undefined
        }
      />
    </>
  );
}
