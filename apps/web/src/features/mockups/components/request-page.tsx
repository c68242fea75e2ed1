import { useNavigate } from 'react-router';
import { Badge } from '#/components/ui/badge.tsx';
import { DataTable, type DataTableColumn } from '#/components/ui/data-table.tsx';
import { sectionClassName } from '#/components/section.tsx';
import { paths } from '#/config/paths.ts';
import { formatDate, orNil } from '#/lib/format.ts';
import { sampleRequests, type SampleRequest } from '../fixtures/requests.ts';
import { statusTones } from '../mock-statuses.ts';
import { MockupPage } from './preview-notice.tsx';
import { SampleCardList } from './sample-cards.tsx';

/** Where a request's details open: the mock-up reads the request from the address. */
export const requestDetailsPath = (id: string) =>
  `${paths.requestDetails}?${new URLSearchParams({ id }).toString()}`;

const columns: readonly DataTableColumn<SampleRequest>[] = [
  { header: 'Request', cell: (request) => request.id },
  { header: 'Business name', cell: (request) => request.businessName },
  { header: 'Request type', cell: (request) => request.requestType },
  { header: 'Submitted', cell: (request) => formatDate(request.submittedAt) },
  {
    header: 'Status',
    cell: (request) => <Badge tone={statusTones[request.status]}>{request.status}</Badge>,
  },
];

/** /request (docs/product.md §2.5): the sample requests; a row opens its details. */
export function RequestPage() {
  const navigate = useNavigate();
  return (
    <MockupPage title="Requests">
      <div className={sectionClassName}>
        <DataTable
          label="Requests"
          columns={columns}
          rows={sampleRequests}
          rowKey={(request) => request.id}
          onRowActivate={(request) => navigate(requestDetailsPath(request.id))}
          className="max-sm:hidden"
        />
        <SampleCardList
          label="Requests"
          rows={sampleRequests}
          rowKey={(request) => request.id}
          title={(request) => request.businessName}
          to={(request) => requestDetailsPath(request.id)}
          badge={(request) => <Badge tone={statusTones[request.status]}>{request.status}</Badge>}
          lines={(request) => [
            request.requestType,
            `${request.id} · Submitted ${orNil(formatDate(request.submittedAt))}`,
          ]}
          className="sm:hidden"
        />
      </div>
    </MockupPage>
  );
}
