import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  errorMessages,
  manageTexts,
  stepStatusKinds,
  successMessages,
  type BusinessDetail,
  type StepStatus,
  type StepStatusKind,
} from '@fd/contract';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';
import type { ErrorReport } from '#/components/error-message-dialog.tsx';
import { StatusPickerMenu } from '#/components/status-picker-menu.tsx';
import { statusDisplays, type StatusDisplay } from '#/components/status-display.ts';
import { Badge } from '#/components/ui/badge.tsx';
import { useShortcut } from '#/hooks/use-shortcut.ts';
import { errorDetailOr } from '#/lib/error-message.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useSendReportWithStatus } from '../api/send-feedback.ts';
import { useUpdateStepStatus, type PickableStepStatus } from '../api/update-step-status.ts';
import { useOpenSection } from './collapsible-section.tsx';

// The report form is loaded when Failed is picked, not with the screen (the route's budget,
// docs/decisions/052-the-first-render-and-the-secondary-work.md).
const loadReportDialog = () => import('#/components/error-message-dialog.tsx');
const ErrorMessageDialog = lazy(async () => ({
  default: (await loadReportDialog()).ErrorMessageDialog,
}));

const pickableStatuses: readonly PickableStepStatus[] = ['PROCESSING', 'APPROVED', 'FAILED'];

/** How a step's status reads (docs/product.md §4.5): the Tax step's Approved reads 'Done'. */
export function stepStatusDisplay(status: StepStatus, kind?: StepStatusKind): StatusDisplay {
  const display = statusDisplays[status];
  return kind === 'tax' && status === 'APPROVED'
    ? { ...display, label: manageTexts.taxApproved }
    : display;
}

export function StepStatusBadge({ status, kind }: { status: StepStatus; kind?: StepStatusKind }) {
  const { label, tone } = stepStatusDisplay(status, kind);
  return <Badge tone={tone}>{label}</Badge>;
}

/** The report waits in the confirmation: nothing is sent until the manager confirms. */
type Flow =
  | { stage: 'idle' }
  | { stage: 'report' }
  | { stage: 'confirm'; status: PickableStepStatus; report?: ErrorReport };

interface StepStatusControlProps {
  business: BusinessDetail;
  kind: StepStatusKind;
  /** The step's or document's name, e.g. 'Tax EIN'. */
  name: string;
  /** Offered in the Error Message dialog: `stepFeedbackTitles` or `documentFeedbackTitles`. */
  feedbackTitles: readonly string[];
  defaultFeedbackTitle?: string | undefined;
  /** The catalogue's shortcut that opens the picker (docs/product.md §12.3), if it has one. */
  shortcut?: string | undefined;
}

/**
 * A step's (or a document's) status badge and its picker (docs/product.md §4.5): Processing or
 * Approved go straight to the confirmation; Failed first asks for the Error Message report,
 * then confirms, and only then are the report and the status sent, in one request that lands
 * whole or not at all (docs/product.md §10.1; decision 55). Cancel at either question sends
 * nothing. A step whose row is missing (`id` null) cannot be updated, so it has no picker.
 */
export function StepStatusControl({
  business,
  kind,
  name,
  feedbackTitles,
  defaultFeedbackTitle,
  shortcut,
}: StepStatusControlProps) {
  const step = business.business_formation_statuses[stepStatusKinds[kind]];
  const [flow, setFlow] = useState<Flow>({ stage: 'idle' });
  const update = useUpdateStepStatus(business.uuid);
  const report = useSendReportWithStatus(business.uuid);
  const statusId = step.id;
  const close = () => setFlow({ stage: 'idle' });
  const boxRef = useRef<HTMLDivElement>(null);
  const openSection = useOpenSection();
  // The key opens the picker as a click does; a closed section is opened first, at once, so
  // that the picker is there to open (docs/decisions/108-one-shortcut-registry.md).
  useShortcut(
    shortcut ?? '',
    () => {
      const trigger = boxRef.current?.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]');
      if (!trigger) return false;
      if (trigger.closest('[hidden]') && openSection) flushSync(openSection);
      if (trigger.closest('[hidden]')) return false;
      trigger.click();
    },
    shortcut !== undefined && statusId !== null,
  );

  const choose = (status: PickableStepStatus) =>
    setFlow(status === 'FAILED' ? { stage: 'report' } : { stage: 'confirm', status });

  // Kept for the confirmation: nothing leaves before the manager confirms.
  const holdReport = (written: ErrorReport) =>
    setFlow({ stage: 'confirm', status: 'FAILED', report: written });

  const confirm = () => {
    if (flow.stage !== 'confirm' || statusId === null) return;
    const done = () => {
      notifySuccess(successMessages.statusUpdated);
      close();
    };
    // The dialog stays open on a failure, so the manager may try again or cancel.
    if (flow.report) {
      report.mutate(
        {
          message_body: flow.report.message,
          feedback_title: flow.report.category,
          status_item_id: statusId,
          business_id: business.id,
          attachment_file: flow.report.attachment,
          status: flow.status,
        },
        {
          onSuccess: () => {
            notifySuccess(successMessages.feedbackSent);
            done();
          },
          onError: (error) => notifyError(errorDetailOr(error, errorMessages.feedbackSend)),
        },
      );
      return;
    }
    update.mutate(
      { kind, statusId, status: flow.status },
      {
        onSuccess: done,
        onError: (error) => notifyError(errorDetailOr(error, errorMessages.statusUpdate)),
      },
    );
  };

  return (
    <div ref={boxRef} className="flex flex-wrap items-center gap-3">
      <StepStatusBadge status={step.status} kind={kind} />
      {statusId !== null && (
        <StatusPickerMenu
          name={name}
          choices={pickableStatuses.map((status) => ({
            value: status,
            label: stepStatusDisplay(status, kind).label,
          }))}
          onChoose={choose}
        />
      )}
      {flow.stage === 'report' && (
        <Suspense fallback={null}>
          <ErrorMessageDialog
            open
            subject={name}
            categoryLabel="Feedback Title"
            categories={feedbackTitles}
            defaultCategory={defaultFeedbackTitle}
            submitLabel={manageTexts.sendReport}
            withAttachment
            onCancel={close}
            onSend={holdReport}
          />
        </Suspense>
      )}
      {/* docs/product.md §4.5, step 2: the one confirmation before any status changes. */}
      <ConfirmDialog
        open={flow.stage === 'confirm'}
        title={manageTexts.confirmStatus}
        description={
          flow.stage === 'confirm'
            ? `${name} will be set to ${stepStatusDisplay(flow.status, kind).label}${
                flow.report ? ', and your report sent to the client' : ''
              }.`
            : undefined
        }
        confirmLabel={manageTexts.updateStatus}
        busyLabel={manageTexts.updating}
        isBusy={update.isPending || report.isPending}
        onCancel={close}
        onConfirm={confirm}
      />
    </div>
  );
}
