import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_MESSAGE_MAX_LENGTH, manageTexts, uploadAccept } from '@fd/contract';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { inputClassName } from './ui/text-field.tsx';

/** What the manager tells the client about a failure. */
export interface ErrorReport {
  /** One of `categories`: the feedback title, or the mock-ups' error category. */
  category: string;
  message: string;
  /** Always null where the dialog offers no attachment. */
  attachment: File | null;
}

interface ErrorMessageDialogProps {
  open: boolean;
  /** What failed, e.g. 'Tax EIN'. */
  subject: string;
  /** The choice's label: 'Feedback Title' on the manage screen, 'Error category' on the mock-ups. */
  categoryLabel: string;
  categories: readonly string[];
  /** The choice offered first; the first of `categories` when not one of them. */
  defaultCategory?: string | undefined;
  /** 'Send report' on the manage screen, 'Send feedback' on the mock-ups. */
  submitLabel: string;
  /** Offers an optional file beside the message. */
  withAttachment?: boolean;
  isSending?: boolean;
  onCancel: () => void;
  onSend: (report: ErrorReport) => void;
}

/**
 * The 'Error Message' dialog (docs/product.md §4.5, §4.6): choosing Failed first asks for a clue
 * for the client — a category, a message and, where offered, a file.
 */
export function ErrorMessageDialog({
  open,
  subject,
  onCancel,
  isSending = false,
  ...formProps
}: ErrorMessageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={manageTexts.errorMessageTitle}
      description={`Give the client a clue about what went wrong with ${subject}.`}
      isBusy={isSending}
    >
      {/* Inside the dialog, so each opening starts with an empty form. */}
      <ReportForm onCancel={onCancel} isSending={isSending} {...formProps} />
    </Dialog>
  );
}

function ReportForm({
  categoryLabel,
  categories,
  defaultCategory,
  submitLabel,
  withAttachment = false,
  isSending,
  onCancel,
  onSend,
}: Omit<ErrorMessageDialogProps, 'open' | 'subject' | 'isSending'> & { isSending: boolean }) {
  const id = useId();
  const [category, setCategory] = useState(
    defaultCategory && categories.includes(defaultCategory)
      ? defaultCategory
      : (categories[0] ?? ''),
  );
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const canSend = category !== '' && message.trim() !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSend && !isSending) onSend({ category, message: message.trim(), attachment });
  };

  return (
    <form onSubmit={submit} className="space-y-4 text-left">
      <div>
        <label
          htmlFor={`${id}-category`}
          className="mb-1.5 block text-sm font-medium text-slate-700"
        >
          {categoryLabel}
        </label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={inputClassName(false)}
        >
          {categories.map((option) => (
            <option key={option} value={option}>
              {option}
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
      {withAttachment && (
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
      )}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend} isLoading={isSending} loadingText="Sending...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
