/**
 * The mock-up screens' texts (docs/product.md §2.3–§2.5, §4.6, §5), word for word where the
 * product gives them. These screens call nothing, so the texts live here rather than in the
 * contract, which holds what the API and the web app share (the client-status question is the
 * manage screen's, `manageTexts.confirmStatus`).
 */
export const mockupTexts = {
  /** Every mock-up says plainly that nothing it does is saved. */
  previewNotice: 'This screen is a preview with sample data: nothing you do here is saved.',
  documentStatusConfirm: 'You are about to update this document status to approve',
  sendFeedback: 'Send feedback',
  invoiceApproveConfirm: 'You are about to update this invoice status to approve',
  invoiceRejectConfirm: 'You are about to update this invoice status to reject',
  payNow: 'Pay now',
  rejectInvoice: 'Reject invoice',
  approveInvoice: 'Approve invoice',
  flexNamesNote: "can't edit, request the admin",
  /**
   * `{host}` stands for the example address each field shows
   * (docs/decisions/028-the-static-mock-ups-and-the-manager.md).
   */
  urlHint: 'Provide valid URL in the format {host}',
  logoHint: 'SVG, PNG, JPG or GIF (max. 800x400px)',
} as const;

/** The URL hint of one field, with its example address in place of `{host}`. */
export const urlHintFor = (host: string): string => mockupTexts.urlHint.replace('{host}', host);
