import type { BusinessListItem } from '@fd/contract';
import { businessLevelLabel, orNil } from '../lib/format.ts';
import type { DataTableColumn } from './ui/data-table.tsx';

/**
 * The columns both business tables start with (docs/product.md §2: /business and
 * /document-page): Email address, Name, Business level, Type, Country.
 */
export const businessIdentityColumns: DataTableColumn<BusinessListItem>[] = [
  { header: 'Email address', cell: (business) => business.user.email },
  {
    header: 'Name',
    cell: (business) => business.business_name,
    className: 'font-medium text-slate-900',
    wrap: true,
  },
  {
    header: 'Business level',
    cell: (business) => businessLevelLabel(business.is_registered_company),
  },
  { header: 'Type', cell: (business) => orNil(business.company_type) },
  { header: 'Country', cell: (business) => orNil(business.country_of_incorporation) },
];
