import { useId, useRef, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import {
  COMMENT_MAX_LENGTH,
  errorMessages,
  manageTexts,
  type BusinessComment,
  type BusinessDetail,
} from '@fd/contract';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';
import { Button } from '#/components/ui/button.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { FieldError, inputClassName } from '#/components/ui/text-field.tsx';
import { useShortcut } from '#/hooks/use-shortcut.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatDateTime } from '#/lib/format.ts';
import { useSession } from '#/lib/session.ts';
import { notifyError } from '#/lib/toast.tsx';
import { useComments, useCreateComment, useDeleteComment } from '../api/comments.ts';
import { SectionEmpty, SectionLoading } from '#/components/section-states.tsx';

/** Ours: docs/product.md §5 requires the text but gives the rule no message. */
export const COMMENT_REQUIRED_TEXT = 'Please write a comment first.';
export const NO_COMMENTS_TEXT = 'No comments yet.';
export const COMMENT_LABEL = 'Add a comment';
/** Ours: the original deleted on one click (docs/product.md §10.1). */
export const DELETE_COMMENT_TITLE = 'Delete this comment?';
export const DELETE_COMMENT_TEXT = 'It is removed for every manager and cannot be brought back.';

/**
 * Comments (docs/product.md §2.3, §7.6): a plain-text comment, newest first; the author may delete
 * their own, once they confirm. A failed load or delete is only logged (docs/product.md §8.1); a
 * failed save is shown.
 */
export function CommentsSection({ business }: { business: BusinessDetail }) {
  return (
    <div className="space-y-4">
      <CommentForm businessUuid={business.uuid} />
      <CommentList businessUuid={business.uuid} />
    </div>
  );
}

function CommentForm({ businessUuid }: { businessUuid: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateComment(businessUuid);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Ctrl-Enter (⌘-Enter) in the box posts it, as the button does (docs/product.md §12.3).
  useShortcut('comment-post', (event) => {
    if (event.target !== fieldRef.current || create.isPending) return false;
    formRef.current?.requestSubmit();
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const comment = text.trim();
    if (comment === '') {
      setError(COMMENT_REQUIRED_TEXT);
      return;
    }
    setError(undefined);
    create.mutate(comment, {
      onSuccess: () => setText(''),
      onError: () => notifyError(errorMessages.commentSave),
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-2">
      {/* No bold or italic toggles: the original's formatted nothing (docs/product.md § 10.1). */}
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {COMMENT_LABEL}
      </label>
      <textarea
        ref={fieldRef}
        id={id}
        aria-keyshortcuts="Control+Enter"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        rows={3}
        required
        maxLength={COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={inputClassName(Boolean(error), 'resize-y')}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <FieldError id={`${id}-error`} message={error} />
          <p id={`${id}-count`} className="text-xs text-slate-500 tabular-nums">
            {text.length}/{COMMENT_MAX_LENGTH}
          </p>
        </div>
        <Button type="submit" isLoading={create.isPending} loadingText={manageTexts.saving}>
          {manageTexts.comment}
        </Button>
      </div>
    </form>
  );
}

function CommentList({ businessUuid }: { businessUuid: string }) {
  const comments = useComments(businessUuid);
  const remove = useDeleteComment(businessUuid);
  const ownUuid = useSession().manager?.uuid;
  const scroll = useKeyboardScroll<HTMLUListElement>();
  // The comment the manager asked to delete: nothing is deleted before they confirm.
  const [asked, setAsked] = useState<BusinessComment | null>(null);
  const confirmDelete = () => {
    if (!asked) return;
    remove.mutate(asked.id, { onSettled: () => setAsked(null) });
  };

  return (
    // A fixed height: a long discussion scrolls inside the list, which the keyboard reaches too.
    <div className="flex h-80 flex-col overflow-hidden rounded-xl border border-slate-200">
      {comments.isPending && <SectionLoading label="Loading comments" />}
      {/* A failed load shows nothing, not even the empty text (docs/product.md §8.1). */}
      {comments.isSuccess && comments.data.length === 0 && (
        <div className="px-4 py-2">
          <SectionEmpty>{NO_COMMENTS_TEXT}</SectionEmpty>
        </div>
      )}
      {comments.isSuccess && comments.data.length > 0 && (
        <ul
          {...scroll}
          aria-label="Comments"
          className={classNames(
            'min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto',
            scrollBoxFocusClassName,
          )}
        >
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              isOwn={ownUuid !== undefined && comment.user.uuid === ownUuid}
              isDeleting={remove.isPending && remove.variables === comment.id}
              onDelete={() => setAsked(comment)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={DELETE_COMMENT_TITLE}
        description={DELETE_COMMENT_TEXT}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        confirmVariant="danger"
        isBusy={remove.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function CommentItem({
  comment,
  isOwn,
  isDeleting,
  onDelete,
}: {
  comment: BusinessComment;
  isOwn: boolean;
  isDeleting: boolean;
  onDelete: () => void;
}) {
  return (
    <li className="flex gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
          <span className="font-semibold text-slate-900">{comment.user.last_name}</span>
          <time dateTime={comment.created_at} className="tabular-nums">
            {formatDateTime(comment.created_at) ?? comment.created_at}
          </time>
        </p>
        {/* Plain text as written: never HTML; line breaks kept. */}
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">
          {comment.comment}
        </p>
      </div>
      {isOwn && (
        <button
          type="button"
          aria-label="Delete comment"
          onClick={onDelete}
          disabled={isDeleting}
          aria-busy={isDeleting || undefined}
          className="h-fit shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
