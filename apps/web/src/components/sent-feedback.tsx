import { Paperclip } from 'lucide-react';
import type { Feedback } from '@fd/contract';
import { formatDateTime, formatFileSize } from '#/lib/format.ts';

/**
 * What the client was sent, as they received it: the activities log's feedback entries and the
 * timeline's (docs/product.md §10.1, §12.1).
 */
export function SentFeedback({ feedback }: { feedback: Feedback }) {
  return (
    <figure
      aria-label={`Sent to the client: ${feedback.feedback_title}`}
      className="mt-2 space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
    >
      <p className="font-medium break-words text-slate-900">{feedback.feedback_title}</p>
      {/* Plain text as written: never HTML; line breaks kept. */}
      <p className="break-words whitespace-pre-wrap text-slate-800">{feedback.message_body}</p>
      {/* At least 24 px tall: a tap target of its own, not a link within a sentence. */}
      {feedback.attachment_file && feedback.file_name && (
        <a
          href={feedback.attachment_file}
          download={feedback.file_name}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-6 items-center gap-1.5 text-indigo-700 underline-offset-2 hover:underline"
        >
          <Paperclip aria-hidden="true" className="size-4 shrink-0" />
          <span className="[overflow-wrap:anywhere]">{feedback.file_name}</span>
          {feedback.file_size !== null && (
            <span className="text-xs text-slate-500">· {formatFileSize(feedback.file_size)}</span>
          )}
        </a>
      )}
      {feedback.file_url && (
        <p className="[overflow-wrap:anywhere] text-xs text-slate-600">Link: {feedback.file_url}</p>
      )}
      <figcaption className="text-xs text-slate-600">
        Sent by {feedback.manager_name} ·{' '}
        <time dateTime={feedback.created_at} className="tabular-nums">
          {formatDateTime(feedback.created_at) ?? feedback.created_at}
        </time>
      </figcaption>
    </figure>
  );
}
