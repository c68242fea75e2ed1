import type { BusinessListItem } from '@fd/contract';
import { businessLevelLabel, orNil } from '../lib/format.ts';
import type { DataTableColumn } from './ui/data-table.tsx';

/**
 * An email that may wrap after its `@` (a long one takes two lines rather than widening the
 * table: docs/product.md §10.2), and anywhere in a part longer than its column.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="[overflow-wrap:anywhere]">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

/**
 * The columns both business tables start with (docs/product.md §2: /business and
 * /document-page): Email address, Name, Business level, Type, Country.
 */
export const businessIdentityColumns: DataTableColumn<BusinessListItem>[] = [
  {
    header: 'Email address',
    cell: (business) => <EmailAddress email={business.user.email} />,
    wrap: true,
  },
  {
    header: 'Name',
    cell: (business) => business.business_name,
    className: 'font-medium text-slate-900',
    wrap: true,
  },
  {
    header: 'Business level',
    cell: (business) => businessLevelLabel(business.is_registered_company),
    wrap: true,
  },
  { header: 'Type', cell: (business) => orNil(business.company_type) },
  { header: 'Country', cell: (business) => orNil(business.country_of_incorporation) },
];
