import { lazy, Suspense, useEffect, useState } from 'react';
import { Download, ExternalLink, Paperclip } from 'lucide-react';
import {
  emptyStateTexts,
  manageTexts,
  postFormationCategories,
  type BusinessDetail,
  type Feedback,
} from '@fd/contract';
import { buttonClassName } from '#/components/ui/button.tsx';
import { DropdownMenu } from '#/components/ui/dropdown-menu.tsx';
import { useIdle } from '#/hooks/use-idle.ts';
import { formatFileSize } from '#/lib/format.ts';
import { usePostFormationAttachments } from '../api/attachments.ts';
import type { PostFormationCategory } from '../api/upload-post-formation.ts';
import { SectionEmpty, SectionError, SectionLoading } from '#/components/section-states.tsx';

/**
 * The upload dialog is not part of the screen's first download: it loads in the browser's
 * first idle moment after the section appears, or when a category is chosen, whichever
 * comes first (docs/decisions/052-the-first-render-and-the-secondary-work.md).
 */
const loadUploadDialog = () => import('./upload-dialog.tsx');
const UploadDialog = lazy(async () => ({ default: (await loadUploadDialog()).UploadDialog }));

export const ATTACHMENTS_LOAD_ERROR_TEXT = 'The attached files could not be loaded.';
/** Without the step's row nothing can be attached to it (the upload names the step). */
export const NO_POST_FORMATION_STEP_TEXT =
  'This business has no post-formation step yet, so no files can be attached.';

/**
 * Docs management (docs/product.md §2.3): 'Attach files' picks a post-formation category and
 * opens the upload; below, the files already sent for the step, numbered.
 */
export function DocsManagementSection({ business }: { business: BusinessDetail }) {
  const statusId = business.business_formation_statuses.post_doc_formation_status.id;
  const [category, setCategory] = useState<PostFormationCategory | null>(null);
  const idle = useIdle();
  useEffect(() => {
    // Loaded ahead of the first choice; a failure shows when the dialog is opened.
    if (idle) loadUploadDialog().catch(() => undefined);
  }, [idle]);

  if (statusId === null) return <SectionEmpty>{NO_POST_FORMATION_STEP_TEXT}</SectionEmpty>;

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <DropdownMenu
          label={manageTexts.attachFiles}
          trigger={
            <>
              <Paperclip aria-hidden="true" className="size-4" />
              {manageTexts.attachFiles}
            </>
          }
          triggerClassName={buttonClassName('secondary')}
          items={postFormationCategories.map((item) => ({
            label: item,
            onSelect: () => setCategory(item),
          }))}
        />
      </div>
      {category && (
        <Suspense fallback={null}>
          <UploadDialog
            key={category}
            business={business}
            statusItemId={statusId}
            category={category}
            onClose={() => setCategory(null)}
          />
        </Suspense>
      )}
      <AttachmentList businessUuid={business.uuid} statusId={statusId} />
    </div>
  );
}

function AttachmentList({ businessUuid, statusId }: { businessUuid: string; statusId: number }) {
  const attachments = usePostFormationAttachments(businessUuid, statusId);

  if (attachments.isPending) return <SectionLoading label="Loading attached files" />;
  if (attachments.isError) {
    return (
      <SectionError
        message={ATTACHMENTS_LOAD_ERROR_TEXT}
        onRetry={() => void attachments.refetch()}
      />
    );
  }
  if (attachments.data.length === 0)
    return <SectionEmpty>{emptyStateTexts.documents}</SectionEmpty>;

  return (
    <ol
      aria-label="Attached files"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200"
    >
      {attachments.data.map((attachment, index) => (
        <AttachmentRow key={attachment.id} attachment={attachment} number={index + 1} />
      ))}
    </ol>
  );
}

function AttachmentRow({ attachment, number }: { attachment: Feedback; number: number }) {
  const name = attachment.file_name ?? attachment.feedback_title;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span className="w-6 shrink-0 text-sm font-semibold text-slate-500 tabular-nums">
        {number}.
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900 sm:truncate">
          {attachment.feedback_title}
        </p>
        <p className="text-xs [overflow-wrap:anywhere] text-slate-500 sm:truncate">
          {[
            attachment.file_name,
            attachment.file_size === null ? null : formatFileSize(attachment.file_size),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {attachment.file_url && (
        <a
          href={attachment.file_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open the link sent with ${name}`}
          className={buttonClassName('ghost', 'px-3 py-1.5')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">Link</span>
        </a>
      )}
      {attachment.attachment_file && (
        <a
          href={attachment.attachment_file}
          // The signed link answers as an attachment; a new tab keeps this screen open.
          download={attachment.file_name ?? true}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Download ${name}`}
          className={buttonClassName('secondary', 'px-3 py-1.5')}
        >
          <Download aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">Download</span>
        </a>
      )}
    </li>
  );
}
