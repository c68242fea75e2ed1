import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Download, FileText, SearchX, Settings2, TriangleAlert } from 'lucide-react';
import { emptyStateTexts, type BusinessDetail } from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { Button, buttonClassName } from '#/components/ui/button.tsx';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { paths } from '#/config/paths.ts';
import { ApiError } from '#/lib/api-client.ts';
import { formatFileSize } from '#/lib/format.ts';
import { useBusinessDetail } from '#/lib/business-queries.ts';
import {
  activityStatusDisplay,
  businessDetailRows,
  paymentStatusLabel,
  personalDetailRows,
  type DetailRow,
} from '../business-display.ts';
import { GoBackLink } from '#/components/go-back-link.tsx';

export const NO_DOCUMENTS_TEXT = emptyStateTexts.documents;
export const NO_SHAREHOLDERS_TEXT = emptyStateTexts.stakeholders;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(({ label, value, href }) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900">
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-indigo-600 hover:underline"
              >
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface FileItem {
  key: string | number;
  title: string;
  fileName: string;
  size: number;
  url: string;
}

/** Files with their size and a download link (a signed URL that works in a new tab). */
function FileList({ files }: { files: FileItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {files.map((file) => (
        <li key={file.key} className="flex items-center gap-3 px-4 py-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{file.title}</p>
            <p className="truncate text-xs text-slate-500">
              {file.fileName} · {formatFileSize(file.size)}
            </p>
          </div>
          <a
            href={file.url}
            aria-label={`Download ${file.title}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('secondary', 'px-3 py-1.5')}
          >
            <Download aria-hidden="true" className="size-4" />
            Download
          </a>
        </li>
      ))}
    </ul>
  );
}

const toFileItems = (
  documents: {
    id: number;
    document_title: string;
    file_name: string;
    size: number;
    file: string;
  }[],
): FileItem[] =>
  documents.map((document) => ({
    key: document.id,
    title: document.document_title,
    fileName: document.file_name,
    size: document.size,
    url: document.file,
  }));

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
  const status = activityStatusDisplay(detail.current_business_formation_activity);

  return (
    <div className="space-y-6">
      <GoBackLink to={paths.business} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
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
        <DetailList rows={businessDetailRows(detail)} />
      </Section>
      <Section title="Personal details">
        <DetailList rows={personalDetailRows(detail)} />
      </Section>
      {detail.manual_payment_doc.length > 0 && (
        <Section title="Manual payment verification">
          <DetailList rows={[{ label: 'Payment status', value: paymentStatusLabel(detail) }]} />
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
    </div>
  );
}

function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <GoBackLink to={paths.business} />
      <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
        {icon}
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
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
    const { error } = query;
    // A malformed id cannot name a business either.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <Notice
          icon={<SearchX aria-hidden="true" className="size-10 text-slate-400" />}
          title="Business not found"
        >
          <p className="mt-2 max-w-md text-sm text-slate-600">
            No business has this address. It may have been removed, or the link is incomplete.
          </p>
        </Notice>
      );
    }
    return (
      <Notice
        icon={<TriangleAlert aria-hidden="true" className="size-10 text-red-500" />}
        title="The business details could not be loaded."
      >
        <p role="alert" className="mt-2 max-w-md text-sm text-slate-600">
          {error instanceof ApiError
            ? error.message
            : 'The server could not be reached. Check the connection and try again.'}
        </p>
        <Button
          variant="secondary"
          className="mt-5"
          isLoading={query.isFetching}
          loadingText="Trying again..."
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Notice>
    );
  }
  return <BusinessDetails detail={query.data} />;
}
