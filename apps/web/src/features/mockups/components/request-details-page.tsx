import { useSearchParams } from 'react-router';
import { DetailRows } from '#/components/detail-list.tsx';
import { FileList } from '#/components/file-list.tsx';
import { GoBackLink } from '#/components/go-back-link.tsx';
import { Section } from '#/components/section.tsx';
import { Badge } from '#/components/ui/badge.tsx';
import { paths } from '#/config/paths.ts';
import { formatDate } from '#/lib/format.ts';
import { requestSteps, sampleRequests, type SampleRequest } from '../fixtures/requests.ts';
import { documentStatuses, documentStatusQuestions, statusTones } from '../mock-statuses.ts';
import { sampleFileItem } from '../sample-file.ts';
import { MockDocsUpload } from './mock-docs-upload.tsx';
import { ClientStatusSteps, MockStatusPicker } from './mock-status-picker.tsx';
import { MissingSample, MockupPage, pickSample } from './preview-notice.tsx';

/**
 * /request-details (docs/product.md §2.5): one sample request — `?id=` picks it, the first
 * otherwise — with its business, the name change asked for, the payment receipt, the submitted
 * documents with their status pickers, docs upload and status management.
 */
export function RequestDetailsPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const request = pickSample(sampleRequests, id, (item) => item.id);

  if (!request) {
    return (
      <MissingSample
        title="Request details"
        backTo={paths.request}
        text={`There is no sample request ${id} in this preview.`}
      />
    );
  }
  return <RequestDetails request={request} />;
}

function RequestDetails({ request }: { request: SampleRequest }) {
  return (
    <MockupPage title="Request details" actions={<GoBackLink to={paths.request} />}>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{request.id}</span>
        <span>{request.requestType}</span>
        <span>Submitted {formatDate(request.submittedAt)}</span>
        <Badge tone={statusTones[request.status]}>{request.status}</Badge>
      </div>

      <Section title="Business details">
        <DetailRows
          rows={[{ label: 'Business name', value: request.businessName }, ...request.business]}
        />
      </Section>

      <Section title="Required information">
        <DetailRows
          rows={[
            { label: 'Current business name', value: request.currentName },
            { label: 'New business name', value: request.newName },
          ]}
        />
      </Section>

      <Section title="Manual payment receipt">
        <FileList files={[sampleFileItem(request.paymentReceipt)]} />
      </Section>

      <Section title="Submitted documents">
        <FileList
          files={request.documents.map((document) =>
            sampleFileItem(
              document,
              <MockStatusPicker
                name={document.title}
                choices={documentStatuses}
                initial={document.status}
                question={(choice) => documentStatusQuestions[choice]}
              />,
            ),
          )}
        />
      </Section>

      <Section title="Docs upload">
        <MockDocsUpload />
      </Section>

      <Section title="Status management">
        <ClientStatusSteps
          steps={requestSteps.map((name, index) => ({
            name,
            status: request.stepStatuses[index] ?? 'Pending',
          }))}
        />
      </Section>
    </MockupPage>
  );
}
