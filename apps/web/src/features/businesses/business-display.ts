/** How a business's values are shown on the list and the details screen (docs/product.md §2–§4). */
import {
  displayReferralSource,
  type AttentionReason,
  type BusinessDetail,
  type BusinessListItem,
} from '@fd/contract';
import {
  statusDisplays,
  unknownStatusDisplay,
  type StatusDisplay,
} from '#/components/status-display.ts';
import { formatDate, orNil } from '#/lib/format.ts';
import type { DetailRow } from '#/components/detail-list.tsx';

const activityStatusDisplays = new Map<string, StatusDisplay>([
  ['PENDING', statusDisplays.PENDING],
  ['PROCESSING', statusDisplays.PROCESSING],
  ['COMPLETED', statusDisplays.COMPLETED],
  ['FAILED', statusDisplays.FAILED],
]);

/**
 * The Status column (docs/product.md §4): no current activity means Completed; the
 * server's upper-case values get their label and colour; anything else is Unknown.
 */
export function activityStatusDisplay(
  activity: { status: string } | null | undefined,
): StatusDisplay {
  if (!activity) return statusDisplays.COMPLETED;
  return activityStatusDisplays.get(activity.status) ?? unknownStatusDisplay;
}

/**
 * The Activity column: the step the business waits on, or 'Nil' once it is complete — the one
 * word for an empty value everywhere (docs/product.md § 10.2).
 */
export const activityName = (activity: { status_item_name: string } | null | undefined): string =>
  orNil(activity?.status_item_name);

const attentionReasonLabels: Record<AttentionReason, string> = {
  overdue: 'Past its limit',
  receipt: 'Receipt to verify',
  document: 'Document after a failure',
  submitted: 'Just submitted',
};

/**
 * Why the queue holds a business (docs/product.md §11.5): its row's reasons, in words; null off
 * the queue.
 */
export const waitingOn = ({ attention_reasons }: Pick<BusinessListItem, 'attention_reasons'>) =>
  attention_reasons && attention_reasons.map((reason) => attentionReasonLabels[reason]).join(', ');

/** docs/product.md §4: receipts sent but the account still UNPAID reads NOT CONFIRMED. */
export function paymentStatusLabel(
  detail: Pick<BusinessDetail, 'manual_payment_doc' | 'account_level'>,
): string {
  return detail.manual_payment_doc.length > 0 && detail.account_level === 'UNPAID'
    ? 'NOT CONFIRMED'
    : detail.account_level;
}

/** Only http(s) addresses become links; anything else stays text. */
function webAddress(value: string | null): string | undefined {
  if (!value) return undefined;
  const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return /^[\w.-]+\.[a-z]{2,}$/i.test(url.hostname) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const row = (label: string, value: string | number | null | undefined): DetailRow => ({
  label,
  value: orNil(value),
});
const linkRow = (label: string, value: string | null): DetailRow => ({
  ...row(label, value),
  href: webAddress(value),
});

/** The Business details section; every empty value shows Nil. */
export function businessDetailRows(detail: BusinessDetail): DetailRow[] {
  return [
    row('Business name', detail.business_name),
    row('Industry', detail.business_industry),
    row('Description', detail.business_description),
    row('Company type', detail.company_type),
    row('Country of incorporation', detail.country_of_incorporation),
    row('State of incorporation', detail.state_of_incorporation),
    row('Incorporation number', detail.incorporation_number),
    row('Date of incorporation', formatDate(detail.incorporation_date)),
    row('Address', detail.new_business_formation_address),
    row('Tax EIN', detail.tax_id),
    linkRow('Website', detail.company_website),
    linkRow('LinkedIn', detail.social_link),
    row('Created date', formatDate(detail.created_at)),
  ];
}

/** The Personal details section: the owner; NIN only when the business has one. */
export function personalDetailRows(detail: BusinessDetail): DetailRow[] {
  const { user } = detail;
  const rows = [
    row('First name', user.first_name),
    row('Last name', user.last_name),
    row('Email', user.email),
    row('Phone number', user.phone_number),
    row('Country of residence', user.country_of_residence),
    row('State of residence', user.state_of_residence),
    row('Address', user.residential_address),
    row('ZIP code', user.zip_code),
    row('Referral source', displayReferralSource(user.referral_source)),
  ];
  if (detail.national_identification_number?.trim()) {
    rows.push(row('NIN', detail.national_identification_number));
  }
  return rows;
}
