/** Referral-source values the server stores and the label each shows (docs/product.md §3). */
export const referralSourceLabels: Record<string, string> = {
  Ads: 'Ads',
  Facebook: 'Facebook',
  Instagram: 'Instagram',
  LinkedIn: 'LinkedIn',
  X: 'X',
  'X (Formerly Twitter)': 'X (Formerly Twitter)',
  'YouTube Channel': 'YouTube Channel',
  'Google search': 'Google search',
  'Recommended by friends or family': 'Recommended by friends or family',
  'Blog post or publications': 'Blog post or publications',
  'Personal Contact': 'Personal Contact',
  Others: 'Others',
};
/** Any referral source outside the list shows Nil. */
export const displayReferralSource = (value: string | null | undefined): string =>
  (value != null && referralSourceLabels[value]) || 'Nil';

/** Feedback titles offered when a step fails (docs/product.md §4). */
export const stepFeedbackTitles = [
  'Incorporation Payment Doc',
  'Document Verification',
  'Company Formation',
  'Post Formation Doc',
  'Bank Account',
  'Tax ID',
  'Payment processor (Stripe)',
] as const;
/** Feedback titles offered when a document fails. */
export const documentFeedbackTitles = [
  'International passport doc',
  'National identification doc',
  'Utility bill doc',
] as const;

/** Post-formation upload categories (docs/product.md §9). */
export const postFormationCategories = [
  'Statement of incorporation',
  'Certificate of incorporation',
  'Tax ID',
  'Other files',
] as const;

/** Filter-by-activity popup options (docs/product.md §9). */
export const activityFilterOptions = [
  'Onboarding Document',
  'Incorporation Status',
  'Incorporation Payment',
  'Post Formation Doc',
  'Tax EIN',
  'Stripe',
  'Bank Account',
  'Business Handover Status',
] as const;
export const activityStatusFilterOptions = ['Pending', 'Processing', 'Failed'] as const;

/** Business list tabs and the `status` query value each keeps in the address. */
export const businessTabs = [
  { label: 'All clients', status: '' },
  { label: 'Incorporated', status: 'incorporated' },
  { label: 'Processing', status: 'PROCESSING' },
  { label: 'Queued', status: 'pending' },
  { label: 'Verified payments', status: 'CONFIRMED' },
  { label: 'Unconfirmed payments', status: 'UNCONFIRMED' },
] as const;

/** Documents page tabs. */
export const documentTabs = [
  { label: 'All clients', status: '' },
  { label: 'Incorporated', status: 'incorporated' },
  { label: 'Pending', status: 'pending' },
] as const;

export const shareholderCountOptions = [1, 2, 3, 4] as const;
