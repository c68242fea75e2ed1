import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  feedbackCreateResponseSchema,
  manageApiPaths,
  type Feedback,
  type FeedbackFields,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateAfterWrite } from './manage-keys.ts';

/** A failed step's or document's report to the client (docs/product.md §3.8, §4.5). */
export interface FeedbackReport {
  message_body: string;
  feedback_title: string;
  /** The step's `id` from `business_formation_statuses`. */
  status_item_id: number;
  /** The business's integer id. */
  business_id: number;
  attachment_file?: File | null | undefined;
}

/**
 * docs/product.md §7.6: JSON without a file; with one, multipart carrying the same fields plus
 * `attachment_file` and `file_url` (empty: the screen offers no link, and the server reads an
 * empty one as none).
 */
function feedbackBody({ attachment_file, ...fields }: FeedbackReport): FeedbackFields | FormData {
  if (!attachment_file) return fields;
  const form = new FormData();
  form.append('attachment_file', attachment_file);
  form.append('feedback_title', fields.feedback_title);
  form.append('status_item_id', String(fields.status_item_id));
  form.append('message_body', fields.message_body);
  form.append('business_id', String(fields.business_id));
  form.append('file_url', '');
  return form;
}

/** `POST manager/feedback/`. */
export async function sendFeedback(report: FeedbackReport): Promise<Feedback> {
  const answer = await api.post(manageApiPaths.feedback, feedbackBody(report), {
    schema: feedbackCreateResponseSchema,
  });
  return answer.data;
}

export function useSendFeedback(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    // Not awaited: the status confirmation follows at once; the log and file history catch up.
    onSuccess: () => {
      void invalidateAfterWrite(queryClient, businessUuid);
    },
  });
}
