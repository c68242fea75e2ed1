import { useNavigate } from 'react-router';
import { FileText } from 'lucide-react';
import type { BusinessListItem } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { paths } from '#/config/paths.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatFileSize } from '#/lib/format.ts';

type ListedFile = BusinessListItem['total_files']['kyc'][number];

interface DocumentPreviewDialogProps {
  /** The business whose files are shown; null keeps the dialog closed. */
  business: BusinessListItem | null;
  onClose: () => void;
}

function FileGroup({ title, files }: { title: string; files: ListedFile[] }) {
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
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Preview modal of a documents row (docs/product.md §2): the business's KYC and KYB files. */
export function DocumentPreviewDialog({ business, onClose }: DocumentPreviewDialogProps) {
  const navigate = useNavigate();
  const files = business?.total_files;
  const hasFiles = files !== undefined && files.kyc.length + files.kyb.length > 0;
  // A long list scrolls inside the dialog: the keyboard reaches it too.
  const scroll = useKeyboardScroll<HTMLDivElement>();

  return (
    <Dialog open={business !== null} onClose={onClose} title="Preview">
      {business && files && (
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
              <FileGroup title="KYC documents" files={files.kyc} />
              <FileGroup title="KYB documents" files={files.kyb} />
            </div>
          ) : (
            <p className="text-center text-sm text-slate-500">
              No verification documents available.
            </p>
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
      )}
    </Dialog>
  );
}
