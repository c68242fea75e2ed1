import { lazy, Suspense, useEffect, useState, type DragEvent } from 'react';
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
import { classNames } from '#/lib/class-names.ts';
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
/** Ours (docs/product.md §12.2): files dropped here open the upload with them. */
export const DROP_FILES_TEXT = 'Or drop files here to send them to the client.';
/** Dropped files have no title yet: the upload offers this one, and the others. */
const DROPPED_FILES_CATEGORY: PostFormationCategory = 'Other files';

/** What the upload dialog opens with; a new one each time, so the form starts afresh. */
interface UploadStart {
  id: number;
  category: PostFormationCategory;
  files: File[];
}

/** True while files (not text or a link) are dragged over. */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Docs management (docs/product.md §2.3): 'Attach files' picks a post-formation category and
 * opens the upload; files dropped on the section open it with them (docs/product.md §12.2);
 * below, the files already sent for the step, numbered.
 */
export function DocsManagementSection({ business }: { business: BusinessDetail }) {
  const statusId = business.business_formation_statuses.post_doc_formation_status.id;
  const [start, setStart] = useState<UploadStart | null>(null);
  const [isDraggedOver, setIsDraggedOver] = useState(false);
  const openUpload = (category: PostFormationCategory, files: File[] = []) =>
    setStart((now) => ({ id: (now?.id ?? 0) + 1, category, files }));
  const idle = useIdle();
  useEffect(() => {
    // Loaded ahead of the first choice; a failure shows when the dialog is opened.
    if (idle) loadUploadDialog().catch(() => undefined);
  }, [idle]);

  if (statusId === null) return <SectionEmpty>{NO_POST_FORMATION_STEP_TEXT}</SectionEmpty>;

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    // Accepting the drag is what lets the drop happen here rather than open the file.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDraggedOver(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDraggedOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDraggedOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) openUpload(DROPPED_FILES_CATEGORY, files);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={classNames(
        'space-y-4 rounded-xl',
        isDraggedOver && 'outline-2 outline-offset-4 outline-indigo-600 outline-dashed',
      )}
    >
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-slate-500">{DROP_FILES_TEXT}</p>
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
            onSelect: () => openUpload(item),
          }))}
        />
      </div>
      {start && (
        <Suspense fallback={null}>
          <UploadDialog
            key={start.id}
            business={business}
            statusItemId={statusId}
            category={start.category}
            initialFiles={start.files}
            onClose={() => setStart(null)}
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
