import {
  formationStepKeys,
  formationStepNames,
  type BusinessDetail,
  type BusinessListItem,
  type BusinessListPage,
} from '@fd/contract';

/** Business bodies as the API answers them, for tests of the business screens. */

let sequence = 0;

export function businessListItemFixture(
  overrides: Partial<BusinessListItem> = {},
): BusinessListItem {
  sequence += 1;
  return {
    id: sequence,
    uuid: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    business_name: `Business ${sequence}`,
    user: { email: `owner${sequence}@example.com`, first_name: 'Ada', last_name: 'Obi' },
    company_type: 'LLC',
    country_of_incorporation: 'USA',
    is_registered_company: false,
    created_at: '2026-11-21T10:00:00.000Z',
    account_level: 'UNPAID',
    total_files: { kyb: [], kyc: [] },
    current_business_formation_activity: {
      status: 'PENDING',
      status_item_name: 'Incorporation Payment',
      step: 'payment_status',
      since: '2026-11-21T10:00:00.000Z',
    },
    assignee_id: null,
    attention_reasons: null,
    ...overrides,
  };
}

/** The body of a list endpoint. */
export const businessListBody = (
  businesses: BusinessListItem[],
  totalCount = businesses.length,
  page = 1,
  totalIsExact = true,
): { data: BusinessListPage } => ({
  data: {
    businesses,
    total_count: totalCount,
    total_count_exact: totalIsExact,
    page,
    page_size: 10,
  },
});

export function businessDetailFixture(overrides: Partial<BusinessDetail> = {}): BusinessDetail {
  return {
    id: 42,
    uuid: '7c1e2f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    business_name: 'Acme Holdings',
    business_industry: 'Real Estate',
    business_description: 'Buys and lets offices.',
    company_type: 'LLC',
    created_at: '2026-11-21T09:30:00.000Z',
    country_of_incorporation: 'USA',
    state_of_incorporation: 'Delaware',
    incorporation_number: 'DE-778812',
    incorporation_date: '2025-03-14',
    new_business_formation_address: '1 Market Street, Wilmington',
    tax_id: '12-3456789',
    national_identification_number: '12345678901',
    company_website: 'acme.example.com',
    social_link: 'https://www.linkedin.com/company/acme',
    is_registered_company: true,
    account_level: 'UNPAID',
    online_payment_data: [],
    manual_payment_doc: [
      {
        id: 5,
        document_title: 'Bank transfer receipt',
        file_name: 'receipt.pdf',
        size: 20_480,
        content_type: 'application/pdf',
        file: 'https://files.example.com/receipt.pdf?signature=abc',
        created_at: '2026-11-21T09:40:00.000Z',
      },
    ],
    shareholders: [
      { id: 1, company_owner_full_name: 'Ada Obi', ownership_percentage: 60, is_company: false },
      {
        id: 2,
        company_owner_full_name: 'Obi Ventures Ltd',
        ownership_percentage: 40,
        is_company: true,
      },
    ],
    documents: {
      kyc: [
        {
          id: 11,
          uuid: 'a0000000-0000-4000-8000-000000000011',
          document_title: 'International passport',
          file_name: 'passport.jpg',
          size: 12_000,
          content_type: 'image/jpeg',
          file: 'https://files.example.com/passport.jpg?signature=def',
          created_at: '2026-11-21T09:35:00.000Z',
        },
      ],
      kyb: [],
    },
    user: {
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada.obi@example.com',
      country_of_residence: 'Nigeria',
      state_of_residence: 'Lagos',
      residential_address: '12 Marina Road',
      zip_code: '101001',
      phone_number: '+2348012345678',
      referral_source: 'Instagram',
    },
    business_formation_statuses: Object.fromEntries(
      formationStepKeys.map((key, index) => [
        key,
        {
          id: index + 1,
          status: 'PENDING',
          status_item_name: formationStepNames[key],
          status_since: '2026-11-21T10:00:00.000Z',
        },
      ]),
    ) as BusinessDetail['business_formation_statuses'],
    current_business_formation_activity: {
      status: 'PENDING',
      status_item_name: 'Incorporation Payment',
      step: 'payment_status',
      since: '2026-11-21T10:00:00.000Z',
    },
    assignee_id: null,
    ...overrides,
  };
}
