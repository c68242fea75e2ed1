import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  manageApiPaths,
  type Feedback,
  type PostFormationUploadFields,
  type postFormationCategories,
} from '@fd/contract';
import { uploadRequest } from '#/lib/upload-request.ts';
import { invalidateAfterWrite } from './manage-keys.ts';

export type PostFormationCategory = (typeof postFormationCategories)[number];

export interface PostFormationUpload {
  file: File;
  feedbackTitle: PostFormationCategory;
  /** The business's post-formation step id (`business_formation_statuses`). */
  statusItemId: number;
  messageBody: string;
  /** The business's integer id. */
  businessId: number;
  /** An http(s) link sent beside the file; empty for none. */
  fileURL: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The multipart body of docs/product.md §3.8: feedbackTitle, statusItemId, messageBody,
 * businessId, fileURL (left out when empty) and file. The text fields go before the file, so
 * a server reading the stream has them all by the time the file arrives.
 */
export function postFormationUploadForm({
  file,
  feedbackTitle,
  statusItemId,
  messageBody,
  businessId,
  fileURL,
}: PostFormationUpload): FormData {
  const fields: Record<keyof PostFormationUploadFields, string | null> = {
    feedbackTitle,
    statusItemId: String(statusItemId),
    messageBody,
    businessId: String(businessId),
    fileURL: fileURL === '' ? null : fileURL,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null) form.append(name, value);
  }
  form.append('file', file);
  return form;
}

/** `POST …/post-doc-formation/upload/` (decision 24), reporting the upload's progress. */
export async function uploadPostFormation(upload: PostFormationUpload): Promise<Feedback> {
  const body = await uploadRequest(manageApiPaths.postFormationUpload, {
    body: postFormationUploadForm(upload),
    schema: async () => (await import('./response-schemas.ts')).feedbackCreateResponseSchema,
    onProgress: upload.onProgress,
    signal: upload.signal,
  });
  return body.data;
}

/**
 * After an upload the product reloads the page 2 s later (docs/product.md §9); here the
 * attachment list, the file history, the log and the business are refetched at once instead
 * (docs/product.md §10.1), before the dialog closes.
 */
export function useUploadPostFormation(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPostFormation,
    onSuccess: () => invalidateAfterWrite(queryClient, businessUuid),
  });
}
