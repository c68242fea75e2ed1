import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Settings2 } from 'lucide-react';
import { emptyStateTexts, timelineTexts, type BusinessDetail } from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { BusinessLoadError } from '#/components/business-load-error.tsx';
import { BusinessTimeline } from '#/components/business-timeline.tsx';
import { DetailRows } from '#/components/detail-list.tsx';
import { FileList, toFileItems } from '#/components/file-list.tsx';
import { Button } from '#/components/ui/button.tsx';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { Section } from '#/components/section.tsx';
import { paths } from '#/config/paths.ts';
import { useBusinessDetail } from '#/lib/business-queries.ts';
import {
  activityStatusDisplay,
  businessDetailRows,
  paymentStatusLabel,
  personalDetailRows,
} from '../business-display.ts';
import { GoBackLink } from '#/components/go-back-link.tsx';
import { listReturn } from '../list-place.ts';

export const NO_DOCUMENTS_TEXT = emptyStateTexts.documents;
export const NO_SHAREHOLDERS_TEXT = emptyStateTexts.stakeholders;

function VerificationDocuments({ documents }: { documents: BusinessDetail['documents'] }) {
  const groups = [
    { title: 'KYC documents', files: toFileItems(documents.kyc) },
    { title: 'KYB documents', files: toFileItems(documents.kyb) },
  ].filter((group) => group.files.length > 0);
  if (groups.length === 0) return <p className="text-sm text-slate-500">{NO_DOCUMENTS_TEXT}</p>;
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{group.title}</h3>
          <FileList files={group.files} />
        </div>
      ))}
    </div>
  );
}

function CompanyOwners({ shareholders }: { shareholders: BusinessDetail['shareholders'] }) {
  if (shareholders.length === 0) {
    return <p className="text-sm text-slate-500">{NO_SHAREHOLDERS_TEXT}</p>;
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
          <th scope="col" className="pb-2 font-medium">
            Shareholder
          </th>
          <th scope="col" className="pb-2 text-right font-medium">
            Ownership
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {shareholders.map((shareholder) => (
          <tr key={shareholder.id}>
            <td className="py-2.5 text-slate-900">{shareholder.company_owner_full_name}</td>
            <td className="py-2.5 text-right text-slate-700 tabular-nums">
              {shareholder.ownership_percentage}%
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BusinessDetails({ detail }: { detail: BusinessDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The list as it was left (docs/product.md §10.2), read once: the page may be reloaded.
  const [back] = useState(() => listReturn(location.state));
  const status = activityStatusDisplay(detail.current_business_formation_activity);

  return (
    <div className="space-y-6">
      <GoBackLink to={back.to} state={back.state} historyBack={back.historyBack} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
            {detail.business_name}
          </h1>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <Button onClick={() => navigate(paths.manageBusiness(detail.uuid))}>
          <Settings2 aria-hidden="true" className="size-4" />
          Manage business
        </Button>
      </div>

      <Section title="Business details">
        <DetailRows rows={businessDetailRows(detail)} />
      </Section>
      <Section title="Personal details">
        <DetailRows rows={personalDetailRows(detail)} />
      </Section>
      {detail.manual_payment_doc.length > 0 && (
        <Section title="Manual payment verification">
          <DetailRows rows={[{ label: 'Payment status', value: paymentStatusLabel(detail) }]} />
          <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-700">Payment receipts</h3>
          <FileList files={toFileItems(detail.manual_payment_doc)} />
        </Section>
      )}
      <Section title="Verification documents">
        <VerificationDocuments documents={detail.documents} />
      </Section>
      <Section title="Company owners">
        <CompanyOwners shareholders={detail.shareholders} />
      </Section>
      <Section title={timelineTexts.title}>
        <BusinessTimeline businessUuid={detail.uuid} />
      </Section>
    </div>
  );
}

/**
 * /full-business-details/{businessID}. docs/product.md §8 leaves a failed load silent;
 * here it is shown, with a way to try again.
 */
export function BusinessDetailsPage() {
  const { businessID = '' } = useParams();
  const query = useBusinessDetail(businessID);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <BusinessLoadError
        error={query.error}
        backTo={paths.business}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <BusinessDetails detail={query.data} />;
}
