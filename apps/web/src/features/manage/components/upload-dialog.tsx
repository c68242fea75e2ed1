import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FILE_URL_MAX_LENGTH,
  errorMessages,
  isHttpUrl,
  manageTexts,
  postFormationCategories,
  successMessages,
  uploadAccept,
  validationMessages,
  type BusinessDetail,
} from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { FieldError, TextField, inputClassName } from '#/components/ui/text-field.tsx';
import { classNames } from '#/lib/class-names.ts';
import { formatFileSize } from '#/lib/format.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { isAbortError } from '#/lib/upload-request.ts';
import {
  useUploadPostFormation,
  type PostFormationCategory,
} from '../api/upload-post-formation.ts';
import { UploadProgressBar } from './upload-progress-bar.tsx';
import { errorDetailOr } from '#/lib/error-message.ts';

/** Ours: docs/product.md §5 requires a message but gives it no text. */
export const MESSAGE_REQUIRED_TEXT = 'Please enter a message for the client.';
export const CONFIRM_UPLOAD_TITLE = 'Confirm upload';
/** Ours: the product says only that the manager confirms the right file goes to the client. */
export const CONFIRM_UPLOAD_TEXT =
  'Please confirm that the correct file is being sent to the client.';
export const CONTINUE_TEXT = 'Continue';
/** Ours: what each of several files came to (docs/product.md §12.2). */
export const uploadResultTexts = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Uploaded',
  cancelled: 'Not sent: the upload was cancelled.',
} as const;

interface UploadDialogProps {
  business: BusinessDetail;
  /** The business's post-formation step id. */
  statusItemId: number;
  /** The title the files go under; the manager may pick another in the form. */
  category: PostFormationCategory;
  /** Files dropped on the section: the form starts with them. */
  initialFiles?: readonly File[];
  onClose: () => void;
}

/** One file of several: its share sent and what it came to. */
interface FileResult {
  progress: number;
  outcome: 'waiting' | 'sending' | 'sent' | 'failed';
  /** Why it failed: the server's detail, or the cancel. */
  error?: string;
}

interface FieldErrors {
  message?: string;
  file?: string;
  fileURL?: string;
}

/**
 * The post-formation upload (docs/product.md §2.3 "Docs management"): title, message, file and
 * optional link; then, in the same dialog, the confirmation whose 'Upload File' sends it with a
 * progress bar. A failure goes back to the form with everything as typed. Several files (chosen
 * or dropped, docs/product.md §12.2) are sent one after another, one request each, under the
 * same title and message: each has its own bar and result, shown until the manager closes.
 */
export function UploadDialog({
  business,
  statusItemId,
  category: initialCategory,
  initialFiles = [],
  onClose,
}: UploadDialogProps) {
  const [category, setCategory] = useState(initialCategory);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<readonly File[]>(initialFiles);
  const [results, setResults] = useState<FileResult[] | null>(null);
  const stoppedRef = useRef(false);
  const [fileURL, setFileURL] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useUploadPostFormation(business.uuid);
  const messageId = useId();
  const fileId = useId();
  const categoryId = useId();
  const isSendingSeveral =
    results?.some((result) => result.outcome === 'waiting' || result.outcome === 'sending') ??
    false;

  // Leaving the screen mid-upload stops it, and the files after it.
  useEffect(
    () => () => {
      stoppedRef.current = true;
      abortRef.current?.abort();
    },
    [],
  );
  // The confirmation replaces the form: focus goes to its answer.
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isConfirming) uploadButtonRef.current?.focus();
  }, [isConfirming]);
  // Several files: the results replace the confirmation's buttons; focus goes to theirs.
  const resultsButtonRef = useRef<HTMLButtonElement>(null);
  const showsResults = results !== null;
  useEffect(() => {
    if (showsResults) resultsButtonRef.current?.focus();
  }, [showsResults]);

  const validate = (): FieldErrors => {
    const url = fileURL.trim();
    return {
      ...(message.trim() === '' && { message: MESSAGE_REQUIRED_TEXT }),
      ...(files.length === 0 && { file: validationMessages.fileRequired }),
      ...(url !== '' &&
        (!isHttpUrl(url) || url.length > FILE_URL_MAX_LENGTH) && {
          fileURL: validationMessages.urlInvalid,
        }),
    };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length === 0) setIsConfirming(true);
  };

  const uploadFields = (file: File) => ({
    file,
    feedbackTitle: category,
    statusItemId,
    messageBody: message.trim(),
    businessId: business.id,
    fileURL: fileURL.trim(),
  });

  const showResult = (index: number, result: Partial<FileResult>) =>
    setResults(
      (now) => now && now.map((kept, at) => (at === index ? { ...kept, ...result } : kept)),
    );

  /** Each file in turn, one request each; a cancel stops the one on its way and the rest. */
  const uploadSeveral = async () => {
    stoppedRef.current = false;
    setResults(files.map(() => ({ progress: 0, outcome: 'waiting' })));
    let allSent = true;
    for (const [index, file] of files.entries()) {
      if (stoppedRef.current) {
        allSent = false;
        showResult(index, { outcome: 'failed', error: uploadResultTexts.cancelled });
        continue;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      showResult(index, { outcome: 'sending' });
      try {
        await upload.mutateAsync({
          ...uploadFields(file),
          onProgress: (progress) => showResult(index, { progress }),
          signal: controller.signal,
        });
        showResult(index, { outcome: 'sent', progress: 1 });
      } catch (error) {
        allSent = false;
        showResult(index, {
          outcome: 'failed',
          error: isAbortError(error)
            ? uploadResultTexts.cancelled
            : errorDetailOr(error, errorMessages.upload),
        });
      }
    }
    abortRef.current = null;
    if (allSent) notifySuccess(successMessages.fileUploaded);
  };

  const startUpload = () => {
    const [file] = files;
    if (file === undefined) return;
    if (files.length > 1) {
      void uploadSeveral();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    upload.mutate(
      {
        ...uploadFields(file),
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          notifySuccess(successMessages.fileUploaded);
          onClose();
        },
        onError: (error) => {
          setIsConfirming(false);
          setProgress(0);
          // Cancelled by the manager: nothing went wrong.
          if (isAbortError(error)) return;
          notifyError(errorDetailOr(error, errorMessages.upload));
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  };

  const cancelConfirm = () => {
    if (isSendingSeveral) {
      // Several files: the one on its way and the rest are not sent; the results stay.
      stoppedRef.current = true;
      abortRef.current?.abort();
    } else if (upload.isPending) {
      // Cancel while sending stops the upload; the error handler then closes this dialog.
      abortRef.current?.abort();
    } else setIsConfirming(false);
  };

  return (
    <Dialog
      open
      onClose={results ? onClose : isConfirming ? cancelConfirm : onClose}
      title={isConfirming ? CONFIRM_UPLOAD_TITLE : category}
      description={
        isConfirming ? (
          <>
            <span className="block">{CONFIRM_UPLOAD_TEXT}</span>
            {files.map((file, index) => (
              <span key={index} className="mt-2 block font-medium text-slate-900">
                {category}: {file.name}
              </span>
            ))}
          </>
        ) : (
          'Send a file to the client, with a message.'
        )
      }
      isBusy={upload.isPending || isSendingSeveral}
    >
      {/* One dialog: the confirmation takes the form's place, which stays as typed behind it. */}
      <form noValidate onSubmit={onSubmit} hidden={isConfirming} className="space-y-4 text-left">
        <div>
          <label htmlFor={categoryId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Title
          </label>
          <select
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as PostFormationCategory)}
            className={inputClassName(false)}
          >
            {postFormationCategories.map((item) => (
              <option key={item}>{item}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea
            id={messageId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={4}
            required
            maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
            className={inputClassName(Boolean(errors.message), 'resize-y')}
          />
          <FieldError id={`${messageId}-error`} message={errors.message} />
        </div>

        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-slate-700">
            File
          </label>
          <input
            id={fileId}
            type="file"
            multiple
            accept={uploadAccept}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
          />
          {files.map((file, index) => (
            <p key={index} className="mt-1.5 text-xs text-slate-500">
              {file.name} · {formatFileSize(file.size)}
            </p>
          ))}
          <FieldError id={`${fileId}-error`} message={errors.file} />
        </div>

        <TextField
          label="Insert URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={fileURL}
          onChange={(event) => setFileURL(event.target.value)}
          maxLength={FILE_URL_MAX_LENGTH}
          error={errors.fileURL}
        />

        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{CONTINUE_TEXT}</Button>
        </div>
      </form>

      {isConfirming && results && (
        <>
          <ul aria-label="Files sent" className="mb-5 space-y-4 text-left">
            {files.map((file, index) => {
              const result = results[index];
              if (!result) return null;
              return (
                <li key={index} className="space-y-1">
                  <UploadProgressBar value={result.progress} label={file.name} />
                  <p
                    className={classNames(
                      'text-xs',
                      result.outcome === 'failed' ? 'text-red-700' : 'text-slate-600',
                    )}
                  >
                    {result.outcome === 'failed' ? result.error : uploadResultTexts[result.outcome]}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className="flex justify-center gap-3">
            {/* One button, Cancel then Close, so that focus stays on it as the files finish. */}
            <Button
              ref={resultsButtonRef}
              variant="secondary"
              onClick={isSendingSeveral ? cancelConfirm : onClose}
            >
              {isSendingSeveral ? 'Cancel' : 'Close'}
            </Button>
          </div>
        </>
      )}
      {isConfirming && !results && (
        <>
          {/* The bar only once bytes are on their way: no 0 % before anything starts. */}
          {upload.isPending && (
            <div className="mb-5 text-left">
              <UploadProgressBar value={progress} />
            </div>
          )}
          <div className="flex justify-center gap-3">
            <Button variant="secondary" onClick={cancelConfirm}>
              Cancel
            </Button>
            <Button
              ref={uploadButtonRef}
              onClick={startUpload}
              isLoading={upload.isPending}
              loadingText={manageTexts.uploading}
            >
              {manageTexts.uploadFile}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
