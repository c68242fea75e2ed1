import { emptyStateTexts, type BusinessDetail, type ManagerLog } from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatDateTime } from '#/lib/format.ts';
import { SentFeedback } from '#/components/sent-feedback.tsx';
import { useManagerLogs } from '../api/manager-logs.ts';
import { SectionEmpty, SectionError, SectionLoading } from '#/components/section-states.tsx';

/**
 * Ours: docs/product.md §8.1 leaves a failed log load silent "to be decided"; here it is
 * shown, like the section's other lists, so an empty log is never mistaken for a failure.
 */
export const MANAGER_LOGS_LOAD_ERROR_TEXT = 'The activities log could not be loaded.';

/**
 * Activities log (docs/product.md §2.3): timestamp, action and manager name per entry, newest
 * first; a feedback or upload also shows what was sent — title, message, file, sender and time
 * (docs/product.md §10.1). Keyed under the business, so every write on the screen refreshes it.
 */
export function ActivityLogSection({ business }: { business: BusinessDetail }) {
  const logs = useManagerLogs(business.uuid);
  // A long log scrolls inside the list: the keyboard reaches it too.
  const scroll = useKeyboardScroll<HTMLOListElement>();

  if (logs.isPending) return <SectionLoading label="Loading activities" />;
  if (logs.isError) {
    return (
      <SectionError message={MANAGER_LOGS_LOAD_ERROR_TEXT} onRetry={() => void logs.refetch()} />
    );
  }
  if (logs.data.length === 0) return <SectionEmpty>{emptyStateTexts.managerLogs}</SectionEmpty>;

  return (
    <ol
      {...scroll}
      aria-label="Activities"
      className={classNames(
        'max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200',
        scrollBoxFocusClassName,
      )}
    >
      {logs.data.map((log) => (
        <LogEntry key={log.id} log={log} />
      ))}
    </ol>
  );
}

function LogEntry({ log }: { log: ManagerLog }) {
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <time dateTime={log.created_at} className="tabular-nums">
          {formatDateTime(log.created_at) ?? log.created_at}
        </time>
        <Badge tone="slate">{log.feedback_log_category}</Badge>
      </div>
      <p className="text-sm break-words text-slate-900">{log.action}</p>
      <p className="text-xs text-slate-600">by {log.manager_name}</p>
      {log.feedback && <SentFeedback feedback={log.feedback} />}
    </li>
  );
}
