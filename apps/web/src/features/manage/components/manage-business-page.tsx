import { useDeferredValue, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { manageTexts, timelineTexts, type BusinessDetail } from '@fd/contract';
import { BusinessLoadError } from '#/components/business-load-error.tsx';
import { GoBackLink } from '#/components/go-back-link.tsx';
import { BusinessTimeline } from '#/components/business-timeline.tsx';
import { Section } from '#/components/section.tsx';
import { buttonClassName } from '#/components/ui/button.tsx';
import { PageSpinner } from '#/components/ui/spinner.tsx';
import { paths } from '#/config/paths.ts';
import { useCommandTarget } from '#/hooks/use-commands.ts';
import { useBusinessDetail } from '#/lib/business-queries.ts';
import { ActivityLogSection } from './activity-log-section.tsx';
import { AssigneeControl } from './assignee-control.tsx';
import { BusinessDetailRows } from './business-detail-rows.tsx';
import { CollapsibleSection } from './collapsible-section.tsx';
import { CommentsSection } from './comments-section.tsx';
import { DocsManagementSection } from './docs-management-section.tsx';
import { FileHistorySection } from './file-history-section.tsx';
import { StatusManagement } from './status-management.tsx';
import { VerificationDocumentsSection } from './verification-documents-section.tsx';

/** The way back and the title, shown from the first render, while the business loads too. */
function ManageHeader({ backTo, businessName }: { backTo: string; businessName?: string }) {
  return (
    <>
      <GoBackLink to={backTo} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Manage business</h1>
        {businessName && <p className="mt-1 text-sm break-words text-slate-600">{businessName}</p>}
      </div>
    </>
  );
}

function ManageBusiness({ business, backTo }: { business: BusinessDetail; backTo: string }) {
  // The title and the details are drawn the moment the business arrives; the six sections'
  // contents (and the requests they make) follow in a render React may pause between
  // components, so a phone paints the details first and its main thread never blocks long
  // (docs/decisions/052-the-first-render-and-the-secondary-work.md).
  const showSections = useDeferredValue(true, false);
  // The command menu's 'Assign … to me' acts on this business (docs/product.md §12.3).
  useCommandTarget({ uuid: business.uuid, name: business.business_name || business.uuid });
  const content = (section: ReactNode) => (showSections ? section : null);
  return (
    <div className="space-y-6">
      <ManageHeader backTo={backTo} businessName={business.business_name} />

      <Section title="Business details">
        <BusinessDetailRows business={business} />
        <Link to={backTo} className={buttonClassName('ghost', '-ml-2 mt-4 px-2 py-1.5')}>
          {manageTexts.seeMore}{' '}
          {/* Read with the label, never shown: where "See more" leads (WCAG 2.4.4). */}
          <span className="sr-only">details of {business.business_name || 'this business'}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Section>

      <Section title="Assignment">
        <AssigneeControl business={business} />
      </Section>

      <CollapsibleSection title="Status management">
        {content(<StatusManagement business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title="Verification documents">
        {content(<VerificationDocumentsSection business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title="Docs management">
        {content(<DocsManagementSection business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title="File history">
        {content(<FileHistorySection business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title="Comments">
        {content(<CommentsSection business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title="Activities log">
        {content(<ActivityLogSection business={business} />)}
      </CollapsibleSection>
      <CollapsibleSection title={timelineTexts.title}>
        {content(<BusinessTimeline businessUuid={business.uuid} />)}
      </CollapsibleSection>
    </div>
  );
}

/**
 * /manage-business/{businessUUID} (docs/product.md §2.3 "Manage business"). It takes the
 * business from the address only, never from navigation state, so a reload or a shared link
 * opens the same business.
 */
export function ManageBusinessPage() {
  const { businessUUID = '' } = useParams();
  const query = useBusinessDetail(businessUUID);
  const backTo = paths.fullBusinessDetails(businessUUID);

  if (query.isPending) {
    return (
      <div className="space-y-6">
        <ManageHeader backTo={backTo} />
        <PageSpinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <BusinessLoadError
        error={query.error}
        backTo={backTo}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <ManageBusiness business={query.data} backTo={backTo} />;
}
