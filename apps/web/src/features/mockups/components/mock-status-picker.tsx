import { useState } from 'react';
import { manageTexts } from '@fd/contract';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';
import { ErrorMessageDialog } from '#/components/error-message-dialog.tsx';
import { Badge } from '#/components/ui/badge.tsx';
import { StatusPickerMenu } from '#/components/status-picker-menu.tsx';
import { StatusRows } from '#/components/status-rows.tsx';
import {
  clientStatuses,
  errorCategories,
  statusTones,
  type ClientStatus,
} from '../mock-statuses.ts';
import { mockupTexts } from '../texts.ts';

type Status = keyof typeof statusTones;

interface MockStatusPickerProps<S extends Status> {
  /** What the status belongs to, e.g. 'Certificate of incorporation'. */
  name: string;
  choices: readonly S[];
  initial: S;
  /** The question asked before a choice applies. */
  question: (choice: S) => string;
  /** The choice that first asks for an Error Message (a category and a message), if any. */
  reportOn?: S;
  categories?: readonly string[];
}

type Flow<S> = { stage: 'idle' } | { stage: 'confirm'; choice: S } | { stage: 'report'; choice: S };

/**
 * A mock-up's status badge and picker (docs/product.md §4.6): a choice is confirmed, then
 * applies here only — nothing is sent. The `reportOn` choice opens 'Error Message' after the
 * confirmation, with 'Send feedback'; the other choices just close.
 */
export function MockStatusPicker<S extends Status>({
  name,
  choices,
  initial,
  question,
  reportOn,
  categories = [],
}: MockStatusPickerProps<S>) {
  const [status, setStatus] = useState<S>(initial);
  const [flow, setFlow] = useState<Flow<S>>({ stage: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const close = () => setFlow({ stage: 'idle' });

  const apply = (choice: S) => {
    setStatus(choice);
    setAnnouncement(`${name} now reads ${choice} on this preview; nothing was saved.`);
    close();
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Badge tone={statusTones[status]}>{status}</Badge>
      <StatusPickerMenu
        name={name}
        choices={choices.map((choice) => ({ value: choice, label: choice }))}
        onChoose={(choice) => setFlow({ stage: 'confirm', choice })}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={flow.stage === 'confirm'}
        title={flow.stage === 'confirm' ? question(flow.choice) : ''}
        description={flow.stage === 'confirm' ? `${name} will read ${flow.choice}.` : undefined}
        confirmLabel={manageTexts.updateStatus}
        onCancel={close}
        onConfirm={() => {
          if (flow.stage !== 'confirm') return;
          if (flow.choice === reportOn) setFlow({ stage: 'report', choice: flow.choice });
          else apply(flow.choice);
        }}
      />
      <ErrorMessageDialog
        open={flow.stage === 'report'}
        subject={name}
        categoryLabel="Error category"
        categories={categories}
        submitLabel={mockupTexts.sendFeedback}
        onCancel={close}
        onSend={() => {
          if (flow.stage === 'report') apply(flow.choice);
        }}
      />
    </div>
  );
}

/** Status management of a mock-up: each step with the client-status picker (Failed reports). */
export function ClientStatusSteps({
  steps,
}: {
  steps: readonly { name: string; status: ClientStatus }[];
}) {
  return (
    <StatusRows
      rows={steps.map((step) => ({
        key: step.name,
        name: step.name,
        control: (
          <MockStatusPicker
            name={step.name}
            choices={clientStatuses}
            initial={step.status}
            question={() => manageTexts.confirmStatus}
            reportOn="Failed"
            categories={errorCategories}
          />
        ),
      }))}
    />
  );
}
