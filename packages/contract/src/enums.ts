export const roles = ['MANAGER', 'CLIENT', 'ADMIN'] as const;
export type Role = (typeof roles)[number];
export const MANAGER_ROLE = 'MANAGER' satisfies Role;

/**
 * A cookie the web app keeps while a session is stored in the browser, holding no secret
 * (`fd_signed_in=1`): the server answers a signed-in address with the sign-in page's first paint
 * when it is missing, so a visitor without a session never sees a signed-in screen's frame
 * (docs/decisions/053-a-cookie-with-no-secret-tells-the.md). The session itself is the token in
 * `localStorage`. Declared beside the roles, which the web app's entry reads here too: from another
 * contract module it split the session code into a file of its own, one more render-blocking
 * request.
 */
export const SESSION_HINT_COOKIE = 'fd_signed_in';

/** The twelve formation steps, in the canonical order that decides the current activity. */
export const formationStepKeys = [
  'payment_status',
  'onboarding_doc_status',
  'document_verification_status',
  'national_id_status',
  'government_id_status',
  'utility_bill_status',
  'incorporation_status',
  'post_doc_formation_status',
  'tax_ein_status',
  'stripe_status',
  'bank_account_status',
  'business_handover_status',
] as const;
export type FormationStepKey = (typeof formationStepKeys)[number];

/** Human names of the steps, sent as status_item_name. */
export const formationStepNames: Record<FormationStepKey, string> = {
  payment_status: 'Incorporation Payment',
  onboarding_doc_status: 'Onboarding Document',
  document_verification_status: 'Document Verification',
  national_id_status: 'National ID',
  government_id_status: 'Government ID',
  utility_bill_status: 'Utility Bill',
  incorporation_status: 'Incorporation Status',
  post_doc_formation_status: 'Post Formation Doc',
  tax_ein_status: 'Tax EIN',
  stripe_status: 'Stripe',
  bank_account_status: 'Bank Account',
  business_handover_status: 'Business Handover Status',
};

export const stepStatuses = ['PENDING', 'PROCESSING', 'APPROVED', 'FAILED'] as const;
export type StepStatus = (typeof stepStatuses)[number];

export const activityStatuses = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

export const accountLevels = ['PAID', 'UNPAID'] as const;
export type AccountLevel = (typeof accountLevels)[number];

export const companyTypes = ['LLC', 'C-corp'] as const;
export type CompanyType = (typeof companyTypes)[number];
/** Company types offered on the (static) onboarding form. */
export const onboardingCompanyTypes = ['LLC', 'C-corp', 'LTD', 'PLC'] as const;

export const notificationStatuses = ['Processing', 'Approved', 'Completed', 'Failed'] as const;

export const authStatuses = ['idle', 'loading', 'success', 'error'] as const;
export type AuthStatus = (typeof authStatuses)[number];
