/**
 * Every user-visible text of docs/product.md that both sides use, word for word.
 * Tests look these up by string, so never reword one here.
 */
export const validationMessages = {
  emailInvalid: 'Please enter a valid email address.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  otpInvalid: 'Enter a valid 6-digit code',
  otpRequired: 'Verification code is required.',
  newPasswordRequired: 'New password is required.',
  resetPasswordMin: 'Password must be at least 8 characters',
  confirmPasswordRequired: 'Confirm password is required.',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required',
  changeNewPasswordRequired: 'New password is required',
  changePasswordMin: 'Password must be at least 6 characters',
  fileRequired: 'Please upload a file.',
  urlInvalid: 'Please enter a valid URL.',
} as const;

export const errorMessages = {
  loginException: 'An error occurred during Login',
  notManager: 'You must be a Manager to login.',
  otpInvalid: 'OTP returned is invalid or has expired',
  unknown: 'An unknown error occurred',
  resendFailed: 'An error occurred. Try Again!',
  resetFailed: 'Password reset failed. Try Again!',
  changePasswordException: 'An error occurred. Try Again!',
  listLoad: 'Error: Something went wrong :(',
  statusUpdate: 'Error updating status',
  feedbackSend: 'Error sending feedback',
  businessEdit: 'Error updating business details',
  upload: 'Error uploading file',
  commentSave: 'Failed to save comment. Please try again.',
  notFound: 'OOPS! Page not found',
} as const;

export const successMessages = {
  login: 'Login is successful!',
  verify: 'Verification successful',
  reset: 'Reset Password  successful',
  passwordChanged: 'Password changed successfully!',
  notificationDeleted: 'Notification deleted successfully.',
  /** Ours: docs/product.md §8.2 showed the delete text for this too (§10.3). */
  notificationMarkedRead: 'Notification marked as read.',
  statusUpdated: 'Status Updated Successfully!',
  feedbackSent: 'Feedback Message Sent Successful!',
  businessUpdated: (value: string) => `Successfully updated ${value} Details`,
  fileUploaded: 'File uploaded successfully!',
  /** What forgot-password answers whether or not the email exists. */
  codeSent: 'If an account exists for this email, a verification code has been sent to it.',
  /** What the logout call answers (ours: the screens show no message for it). */
  logout: 'Logged out: this session’s token no longer works.',
} as const;

/** Server-side error details that are ours (docs/product.md leaves them to the server). */
export const apiErrorDetails = {
  invalidCredentials: 'Invalid email or password.',
  accountDisabled: 'This account has been disabled. Contact the admin.',
  unauthenticated: 'Authentication credentials were not provided or are invalid.',
  forbidden: 'You do not have permission to perform this action.',
  invalidResetToken: 'The reset token is invalid or has expired.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  validation: 'Some fields are missing or invalid.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request body must be JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  notFound: 'Not found.',
  fileWhereTextExpected: (field: string) => `${field} must be text, not a file.`,
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `${method} is not allowed here: this address takes ${allowed.join(', ')}.`,
  passwordCommon:
    'This password is on lists of common passwords that attackers try first: choose another.',
  passwordCommonVariant:
    'This password is a common password with a few digits or symbols added, which attackers try first: choose another.',
  passwordRepetitive:
    'This password is too predictable (too few different characters, a repeated pattern or a run like abcdefgh): choose another.',
  passwordIsEmail: 'The password must not be your email address.',
  badUrl: 'The address is not valid: a percent sign must start an encoded character (%20).',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  malformedRequest: 'The request could not be read.',
  notificationNotFound: 'Notification not found.',
  serverStopping: 'The server is stopping: reconnect.',
  /** Ours: one CSV export at a time per manager (docs/product.md §11.3). */
  exportRunning:
    'An export of yours is still running. Wait for it to finish or cancel it, then export again.',
  streamTicketInvalid:
    'The stream ticket is unknown, expired or already used. Ask for a new ticket and connect again.',
  streamCursorInvalid:
    'Last-Event-ID is not an event id this stream sent. Connect without it to start afresh.',
  uploadTooLarge: (limitBytes: number) =>
    `The file is larger than the ${Math.round((limitBytes / 1024 / 1024) * 10) / 10} MB limit.`,
  uploadWrongType:
    'The file must be a PDF, PNG, JPEG, GIF, DOCX or XLSX file. Its content is checked, not its name.',
  uploadNameMismatch: (label: string, extensions: readonly string[]) =>
    `The file's content is a ${label} file: its name must end in ${extensions.map((extension) => `.${extension}`).join(' or ')}.`,
  uploadEmpty: 'The file is empty.',
  uploadCancelled: 'The upload was cancelled before it could be saved.',
  multipartTooManyParts: 'The form has too many parts: send one file and its fields.',
  multipartMalformed: 'The multipart form could not be read.',
  unknownField: (field: string) => `${field} is not a field of this request.`,
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * What a text input holding U+0000 is answered, by its field name. PostgreSQL
 * cannot store the character in text, and no field has a use for it.
 */
export const nulCharacterMessage = (field: string) =>
  `${field} must not contain the NUL character (U+0000).`;

/** A query parameter the route does not take (a misspelt filter would otherwise be ignored). */
export const unknownQueryParameterMessage = (name: string) =>
  name === ''
    ? 'A query parameter needs a name (the address holds `&=` or `?=`).'
    : `${name} is not a query parameter of this endpoint.`;

/** Empty states of docs/product.md §8.3, word for word. */
export const emptyStateTexts = {
  notifications: 'You have no notifications available',
  readNotifications: 'You have no read notifications available',
  unreadNotifications: 'You have no unread notifications available',
  documents: 'No verification documents available.',
  stakeholders: 'No company stakeholders yet.',
  managerLogs: 'No manager logs available',
  table: 'No data found',
} as const;

/** Texts of the manage screen's dialogs (docs/product.md §2.3, §4.5), word for word. */
export const manageTexts = {
  confirmStatus: 'Are you sure you want to update the client status?',
  updateStatus: 'Update status',
  updating: 'Updating...',
  errorMessageTitle: 'Error Message',
  sendReport: 'Send report',
  attachFiles: 'Attach files',
  uploadFile: 'Upload File',
  uploading: 'Uploading...',
  comment: 'Comment',
  saving: 'Saving...',
  seeMore: 'See more',
  nil: 'Nil',
  taxApproved: 'Done',
} as const;

/** _Ours_: the business list's CSV export (docs/product.md §11.3). */
export const exportTexts = {
  button: 'Export CSV',
  cancel: 'Cancel',
  progressLabel: 'Export progress',
  starting: 'Starting the export…',
  cancelled: 'Export cancelled.',
  signedOut: 'Your session has ended: sign in again to export.',
  connectionLost: 'The export stopped: the connection was lost. Try again.',
  failed: 'The export failed. Try again.',
} as const;
