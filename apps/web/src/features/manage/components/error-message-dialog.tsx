import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_MESSAGE_MAX_LENGTH, manageTexts, uploadAccept } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { inputClassName } from '#/components/ui/text-field.tsx';

/** What the manager tells the client about a failed step or document. */
export interface ErrorReport {
  feedbackTitle: string;
  message: string;
  attachment: File | null;
}

interface ErrorMessageDialogProps {
  open: boolean;
  /** The step or document that failed, e.g. 'Tax EIN'. */
  subject: string;
  /** `stepFeedbackTitles` or `documentFeedbackTitles`. */
  feedbackTitles: readonly string[];
  /** The title offered first; the first of `feedbackTitles` when not one of them. */
  defaultFeedbackTitle?: string | undefined;
  isSending: boolean;
  onCancel: () => void;
  onSend: (report: ErrorReport) => void;
}

/**
 * docs/product.md §4.5, step 4: choosing Failed first asks for a clue for the client — a
 * feedback title, a message and, optionally, a file — sent with 'Send report'.
 */
export function ErrorMessageDialog({
  open,
  onCancel,
  isSending,
  ...formProps
}: ErrorMessageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={manageTexts.errorMessageTitle}
      description={`Give the client a clue about what went wrong with ${formProps.subject}.`}
      isBusy={isSending}
    >
      {/* Inside the dialog, so each opening starts with an empty form. */}
      <ReportForm onCancel={onCancel} isSending={isSending} {...formProps} />
    </Dialog>
  );
}

function ReportForm({
  feedbackTitles,
  defaultFeedbackTitle,
  isSending,
  onCancel,
  onSend,
}: Omit<ErrorMessageDialogProps, 'open' | 'subject'>) {
  const id = useId();
  const [feedbackTitle, setFeedbackTitle] = useState(
    defaultFeedbackTitle && feedbackTitles.includes(defaultFeedbackTitle)
      ? defaultFeedbackTitle
      : (feedbackTitles[0] ?? ''),
  );
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const canSend = feedbackTitle !== '' && message.trim() !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSend && !isSending) onSend({ feedbackTitle, message: message.trim(), attachment });
  };

  return (
    <form onSubmit={submit} className="space-y-4 text-left">
      <div>
        <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Feedback Title
        </label>
        <select
          id={`${id}-title`}
          value={feedbackTitle}
          onChange={(event) => setFeedbackTitle(event.target.value)}
          className={inputClassName(false)}
        >
          {feedbackTitles.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label
          htmlFor={`${id}-message`}
          className="mb-1.5 block text-sm font-medium text-slate-700"
        >
          Message
        </label>
        <textarea
          id={`${id}-message`}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          required
          rows={4}
          maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
          className={inputClassName(false)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Attachment (optional)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={uploadAccept}
          onChange={(event) => setAttachment(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
        />
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend} isLoading={isSending} loadingText="Sending...">
          {manageTexts.sendReport}
        </Button>
      </div>
    </form>
  );
}
