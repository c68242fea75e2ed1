import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FILE_URL_MAX_LENGTH,
  errorMessages,
  isHttpUrl,
  manageTexts,
  successMessages,
  uploadAccept,
  validationMessages,
  type BusinessDetail,
} from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { FieldError, TextField, inputClassName } from '#/components/ui/text-field.tsx';
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

interface UploadDialogProps {
  business: BusinessDetail;
  /** The business's post-formation step id. */
  statusItemId: number;
  category: PostFormationCategory;
  onClose: () => void;
}

interface FieldErrors {
  message?: string;
  file?: string;
  fileURL?: string;
}

/**
 * The post-formation upload (docs/product.md §2.3 "Docs management"): message, file and
 * optional link; then, in the same dialog, the confirmation whose 'Upload File' sends it with a
 * progress bar. A failure goes back to the form with everything as typed.
 */
export function UploadDialog({ business, statusItemId, category, onClose }: UploadDialogProps) {
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileURL, setFileURL] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useUploadPostFormation(business.uuid);
  const messageId = useId();
  const fileId = useId();

  // Leaving the screen mid-upload stops it.
  useEffect(() => () => abortRef.current?.abort(), []);
  // The confirmation replaces the form: focus goes to its answer.
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isConfirming) uploadButtonRef.current?.focus();
  }, [isConfirming]);

  const validate = (): FieldErrors => {
    const url = fileURL.trim();
    return {
      ...(message.trim() === '' && { message: MESSAGE_REQUIRED_TEXT }),
      ...(file === null && { file: validationMessages.fileRequired }),
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

  const startUpload = () => {
    if (file === null) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    upload.mutate(
      {
        file,
        feedbackTitle: category,
        statusItemId,
        messageBody: message.trim(),
        businessId: business.id,
        fileURL: fileURL.trim(),
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
    // Cancel while sending stops the upload; the error handler then closes this dialog.
    if (upload.isPending) abortRef.current?.abort();
    else setIsConfirming(false);
  };

  return (
    <Dialog
      open
      onClose={isConfirming ? cancelConfirm : onClose}
      title={isConfirming ? CONFIRM_UPLOAD_TITLE : category}
      description={
        isConfirming ? (
          <>
            <span className="block">{CONFIRM_UPLOAD_TEXT}</span>
            {file && (
              <span className="mt-2 block font-medium text-slate-900">
                {category}: {file.name}
              </span>
            )}
          </>
        ) : (
          'Send a file to the client, with a message.'
        )
      }
      isBusy={upload.isPending}
    >
      {/* One dialog: the confirmation takes the form's place, which stays as typed behind it. */}
      <form noValidate onSubmit={onSubmit} hidden={isConfirming} className="space-y-4 text-left">
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
            accept={uploadAccept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
          />
          {file && (
            <p className="mt-1.5 text-xs text-slate-500">
              {file.name} · {formatFileSize(file.size)}
            </p>
          )}
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

      {isConfirming && (
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
