import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageApiPaths, type FeedbackWithStatusFields } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateAfterWrite, showStepStatus } from './manage-keys.ts';
import type { PickableStepStatus } from './update-step-status.ts';

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

/** The report and the status it goes with: sent together, once the manager confirms. */
export type ReportWithStatus = FeedbackReport & { status: PickableStepStatus };

/**
 * JSON without a file; with one, multipart carrying the same fields plus `attachment_file` and
 * `file_url` (empty: the screen offers no link, and the server reads an empty one as none).
 */
function reportBody({
  attachment_file,
  ...fields
}: ReportWithStatus): FeedbackWithStatusFields | FormData {
  if (!attachment_file) return fields;
  const form = new FormData();
  form.append('attachment_file', attachment_file);
  form.append('feedback_title', fields.feedback_title);
  form.append('status_item_id', String(fields.status_item_id));
  form.append('message_body', fields.message_body);
  form.append('business_id', String(fields.business_id));
  form.append('file_url', '');
  form.append('status', fields.status);
  return form;
}

/**
 * `POST manager/feedback/status/`: the report and the step's new status in one request, so
 * both land or neither does (docs/decisions/055-a-report-and-its-status-change-are-one-action.md).
 */
export async function sendReportWithStatus(report: ReportWithStatus) {
  const answer = await api.post(manageApiPaths.feedbackWithStatus, reportBody(report), {
    schema: async () => (await import('./response-schemas.ts')).feedbackWithStatusResponseSchema,
  });
  return answer.data;
}

export function useSendReportWithStatus(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReportWithStatus,
    // The badge shows the new status at once; the log, files and derived columns follow.
    onSuccess: async ({ step }) => {
      await showStepStatus(queryClient, businessUuid, step);
      void invalidateAfterWrite(queryClient, businessUuid);
    },
  });
}
