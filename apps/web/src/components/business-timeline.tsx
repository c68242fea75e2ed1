import { useId, useState } from 'react';
import {
  timelineKindLabels,
  timelineKinds,
  timelineTexts,
  type TimelineEvent,
  type TimelineKind,
} from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { Button } from '#/components/ui/button.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { useBusinessTimeline } from '#/lib/business-timeline.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatDateTime } from '#/lib/format.ts';
import { SectionEmpty, SectionError, SectionLoading } from './section-states.tsx';
import { SentFeedback } from './sent-feedback.tsx';

/**
 * A business's timeline (docs/product.md §12.1): everything that happened to it, newest first —
 * step changes, feedback and uploads with what was sent, comments, edits, assignments and the
 * client's own events — a page at a time, all kinds or one. The details and the manage screens
 * both show it, each in its own section; it follows the live stream and every write on the
 * screen without a reload (lib/business-timeline.ts).
 */
export function BusinessTimeline({ businessUuid }: { businessUuid: string }) {
  const [kind, setKind] = useState<TimelineKind | undefined>(undefined);
  const filterId = useId();
  const timeline = useBusinessTimeline(businessUuid, kind);
  // A long timeline scrolls inside its list: the keyboard reaches it too.
  const scroll = useKeyboardScroll<HTMLOListElement>();

  let body;
  if (timeline.isPending) body = <SectionLoading label="Loading the timeline" />;
  else if (timeline.isError && !timeline.data)
    body = <SectionError message={timelineTexts.error} onRetry={() => void timeline.refetch()} />;
  else if (timeline.data.length === 0)
    body = <SectionEmpty>{kind ? timelineTexts.emptyKind : timelineTexts.empty}</SectionEmpty>;
  else
    body = (
      <>
        <ol
          {...scroll}
          aria-label="Timeline events"
          className={classNames(
            'max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200',
            scrollBoxFocusClassName,
          )}
        >
          {timeline.data.map((event) => (
            <TimelineEntry key={event.id} event={event} />
          ))}
        </ol>
        {timeline.isFetchNextPageError ? (
          <SectionError
            message={timelineTexts.error}
            onRetry={() => void timeline.fetchNextPage()}
          />
        ) : (
          timeline.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-3 px-3 py-1.5"
              disabled={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              {timelineTexts.older}
            </Button>
          )
        )}
      </>
    );

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          value={kind ?? ''}
          onChange={(event) =>
            setKind(event.target.value === '' ? undefined : (event.target.value as TimelineKind))
          }
          className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <option value="">{timelineTexts.allKinds}</option>
          {timelineKinds.map((option) => (
            <option key={option} value={option}>
              {timelineKindLabels[option]}
            </option>
          ))}
        </select>
      </div>
      {body}
    </div>
  );
}

function TimelineEntry({ event }: { event: TimelineEvent }) {
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <time dateTime={event.created_at} className="tabular-nums">
          {formatDateTime(event.created_at) ?? event.created_at}
        </time>
        <Badge tone={event.kind === 'client' ? 'blue' : 'slate'}>
          {event.category ?? timelineTexts.client}
        </Badge>
      </div>
      <p className="text-sm break-words text-slate-900">{event.text}</p>
      <p className="text-xs text-slate-600">
        {event.actor === null ? 'by the client' : `by ${event.actor}`}
      </p>
      {event.comment !== null && (
        // Plain text as written: never HTML; line breaks kept.
        <blockquote className="mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
          {event.comment}
        </blockquote>
      )}
      {event.feedback && <SentFeedback feedback={event.feedback} />}
    </li>
  );
}
