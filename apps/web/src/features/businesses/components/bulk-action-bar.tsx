import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  FEEDBACK_MESSAGE_MAX_LENGTH,
  bulkStepStatuses,
  formationStepNames,
  stepFeedbackTitles,
  stepStatusKinds,
  stepStatusLabels,
  type BulkStepStatus,
  type StepStatusKind,
} from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { Spinner } from '#/components/ui/spinner.tsx';
import { inputClassName } from '#/components/ui/text-field.tsx';
import { errorDetailOr } from '#/lib/error-message.ts';
import { useSession } from '#/lib/session.ts';
import { teamManagerName, useTeamManagers } from '#/lib/team-managers.ts';
import type { BusinessListView } from '../business-list-view.ts';
import {
  bulkActionBody,
  businessesCount,
  selectAllLabel,
  selectAllOffer,
  selectedLabel,
  useBulkAction,
  type BulkActionChoice,
} from '../bulk-actions.ts';
import { selectedCount, type RowSelection } from '../row-selection.ts';

const BULK_FAILED = 'The change could not be saved. Nothing was changed. Please try again.';
const stepKinds = Object.keys(stepStatusKinds) as StepStatusKind[];
const stepName = (kind: StepStatusKind) => formationStepNames[stepStatusKinds[kind]];

type Outcome = { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * The bar over the list once rows are ticked (docs/product.md §11.6): how many, 'Select all N
 * matching' (or the limit), 'Set status…', 'Assign…' and 'Clear'; while the call runs, a busy
 * line with the count; then its result or the server's refusal. Each action asks once, in a
 * dialog naming the count.
 */
export function BulkActionBar({
  selection,
  view,
  total,
  pageRows,
  onSelectAllMatching,
  onClear,
}: {
  selection: RowSelection;
  view: BusinessListView;
  /** The view's row count, and whether it is exact (else a lower bound). */
  total: { count: number; exact: boolean } | undefined;
  pageRows: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkAction();
  const [dialog, setDialog] = useState<'status' | 'assign' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const count = selectedCount(selection, total?.exact ? total.count : undefined);
  const offer = selectAllOffer(total, pageRows);

  const run = (action: BulkActionChoice) => {
    setDialog(null);
    setOutcome(null);
    bulk.mutate(bulkActionBody(selection, view, action), {
      onSuccess: (answer) => {
        setOutcome({ kind: 'done', message: answer.message ?? 'Saved.' });
        onClear();
      },
      onError: (error) =>
        setOutcome({ kind: 'failed', message: errorDetailOr(error, BULK_FAILED) }),
    });
  };

  if (count === 0 && !bulk.isPending && outcome === null) return null;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-indigo-50 px-4 py-2 text-sm"
    >
      {bulk.isPending ? (
        <p role="status" className="inline-flex items-center gap-2 text-indigo-700">
          <Spinner label="Working" />
          Changing {businessesCount(count)}…
        </p>
      ) : (
        count > 0 && (
          <>
            <span className="font-medium text-slate-900" data-testid="bulk-count">
              {selectedLabel(count)}
            </span>
            {!selection.allMatching && offer.kind === 'offer' && (
              <Button variant="ghost" onClick={onSelectAllMatching}>
                {selectAllLabel(offer.count)}
              </Button>
            )}
            {offer.kind === 'limit' && <span className="text-slate-600">{offer.text}</span>}
            <Button variant="secondary" onClick={() => setDialog('status')}>
              Set status…
            </Button>
            <Button variant="secondary" onClick={() => setDialog('assign')}>
              Assign…
            </Button>
            <Button variant="ghost" onClick={onClear}>
              Clear
            </Button>
          </>
        )
      )}
      {outcome && !bulk.isPending && (
        <p
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          className={outcome.kind === 'failed' ? 'text-red-700' : 'text-emerald-700'}
        >
          {outcome.message}
        </p>
      )}
      {dialog === 'status' && (
        <StatusDialog count={count} onCancel={() => setDialog(null)} onConfirm={run} />
      )}
      {dialog === 'assign' && (
        <AssignDialog count={count} onCancel={() => setDialog(null)} onConfirm={run} />
      )}
    </div>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select of `options` (value, then label). */
function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          className={inputClassName(false)}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function DialogButtons({ onCancel, confirm }: { onCancel: () => void; confirm: string }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">{confirm}</Button>
    </div>
  );
}

/** The step, the status and, for Failed, the report each client is sent: asked once. */
function StatusDialog({
  count,
  onCancel,
  onConfirm,
}: {
  count: number;
  onCancel: () => void;
  onConfirm: (action: BulkActionChoice) => void;
}) {
  const [step, setStep] = useState<StepStatusKind>('incorporation-status');
  const [status, setStatus] = useState<BulkStepStatus>('APPROVED');
  const [title, setTitle] = useState<string>(stepFeedbackTitles[0]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'FAILED' && message.trim() === '') {
      setError('Write the message each client is sent.');
      return;
    }
    onConfirm(
      status === 'FAILED'
        ? {
            kind: 'status',
            step,
            status,
            feedback: { feedback_title: title, message_body: message },
          }
        : { kind: 'status', step, status },
    );
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Set a status on ${businessesCount(count)}`}
      description="Each business is changed, logged and notified as if changed alone: all of them, or none."
    >
      <form noValidate onSubmit={submit} className="space-y-4 text-left">
        <ChoiceField
          label="Step"
          value={step}
          options={stepKinds.map((kind) => [kind, stepName(kind)] as const)}
          onChange={setStep}
        />
        <ChoiceField
          label="Status"
          value={status}
          options={bulkStepStatuses.map((value) => [value, stepStatusLabels[value]] as const)}
          onChange={setStatus}
        />
        {status === 'FAILED' && (
          <>
            <ChoiceField
              label="Feedback title"
              value={title}
              options={stepFeedbackTitles.map((value) => [value, value] as const)}
              onChange={setTitle}
            />
            <Field label="Message to each client">
              {(id) => (
                <>
                  <textarea
                    id={id}
                    rows={4}
                    value={message}
                    maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
                    onChange={(event) => setMessage(event.target.value)}
                    aria-invalid={error ? true : undefined}
                    className={inputClassName(Boolean(error), 'resize-y')}
                  />
                  {error && (
                    <p role="alert" className="mt-1 text-sm text-red-600">
                      {error}
                    </p>
                  )}
                </>
              )}
            </Field>
          </>
        )}
        <DialogButtons
          onCancel={onCancel}
          confirm={`Set ${stepStatusLabels[status]} on ${businessesCount(count)}`}
        />
      </form>
    </Dialog>
  );
}

/** To me, to another active manager, or to nobody: asked once. */
function AssignDialog({
  count,
  onCancel,
  onConfirm,
}: {
  count: number;
  onCancel: () => void;
  onConfirm: (action: BulkActionChoice) => void;
}) {
  const { manager: me } = useSession();
  const managers = useTeamManagers();
  const [chosen, setChosen] = useState(me ? String(me.id) : '');
  const active = (managers.data ?? []).filter((manager) => manager.is_active);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === '') return;
    onConfirm({ kind: 'assign', manager_id: chosen === 'none' ? null : Number(chosen) });
  };
  return (
    <Dialog open onClose={onCancel} title={`Assign ${businessesCount(count)}`}>
      <form noValidate onSubmit={submit} className="space-y-4 text-left">
        <Field label="Assign to">
          {(id) => (
            <select
              id={id}
              className={inputClassName(false)}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              {me && <option value={me.id}>Me</option>}
              {active
                .filter((manager) => manager.id !== me?.id)
                .map((manager) => (
                  <option key={manager.id} value={manager.id}>
                    {teamManagerName(manager)}
                  </option>
                ))}
              <option value="none">Nobody (unassign)</option>
            </select>
          )}
        </Field>
        <DialogButtons onCancel={onCancel} confirm={`Assign ${businessesCount(count)}`} />
      </form>
    </Dialog>
  );
}
