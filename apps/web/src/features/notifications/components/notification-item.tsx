import { useId } from 'react';
import { Link } from 'react-router';
import { Check, Trash2 } from 'lucide-react';
import { notificationBadgeTone, type AppNotification } from '@fd/contract';
import { Badge } from '#/components/ui/badge.tsx';
import { paths } from '#/config/paths.ts';
import { classNames } from '#/lib/class-names.ts';
import { formatDateTime } from '#/lib/format.ts';
import { useDeleteNotification, useMarkNotificationRead } from '../api/update-notification.ts';

const actionClassName =
  'inline-flex size-8 items-center justify-center rounded-full text-slate-500 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

interface NotificationItemProps {
  notification: AppNotification;
  /** Called when the notification opens its business (the dropdown closes then). */
  onOpenBusiness?: (() => void) | undefined;
  /** The first of a day shows the day above it ('Today', 'Yesterday', 'November 20, 2026'). */
  dayHeading?: string | undefined;
  dayHeadingLevel?: 2 | 3;
}

/**
 * One notification: its message (opening the business it is about, and marking it read),
 * the business, the date, the status badge (docs/product.md §4.3) and its two actions.
 */
export function NotificationItem({
  notification,
  onOpenBusiness,
  dayHeading,
  dayHeadingLevel = 3,
}: NotificationItemProps) {
  const DayHeading = dayHeadingLevel === 2 ? 'h2' : 'h3';
  const { uuid, message, status, is_read: isRead, created_at: createdAt, business } = notification;
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const messageId = useId();
  const isBusy = markRead.isPending || remove.isPending;

  return (
    <li data-read={isRead}>
      {dayHeading && (
        <DayHeading className="bg-white px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {dayHeading}
        </DayHeading>
      )}
      <div
        className={classNames(
          'relative flex gap-3 px-4 py-3 transition-colors',
          isRead ? 'bg-white hover:bg-slate-50' : 'bg-indigo-50/70 hover:bg-indigo-50',
        )}
      >
        <span
          aria-hidden="true"
          className={classNames(
            'mt-1.5 size-2 shrink-0 rounded-full',
            isRead ? 'bg-transparent' : 'bg-indigo-600',
          )}
        />
        <div className="min-w-0 flex-1">
          {business ? (
            <Link
              id={messageId}
              to={paths.fullBusinessDetails(business.uuid)}
              onClick={() => {
                if (!isRead) markRead.mutate(uuid);
                onOpenBusiness?.();
              }}
              // The whole item opens the business; the actions sit above this cover.
              className={classNames(
                'block text-sm break-words after:absolute after:inset-0 focus-visible:outline-none',
                'focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-600',
                isRead ? 'text-slate-700' : 'font-semibold text-slate-900',
              )}
            >
              {message}
            </Link>
          ) : (
            <p
              id={messageId}
              className={classNames(
                'text-sm break-words',
                isRead ? 'text-slate-700' : 'font-semibold text-slate-900',
              )}
            >
              {message}
            </p>
          )}
          {/* slate-600: slate-500 falls under 4.5:1 on an unread item's tint. */}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {business && (
              <span className="font-medium text-slate-600">{business.business_name}</span>
            )}
            <time dateTime={createdAt}>{formatDateTime(createdAt) ?? createdAt}</time>
          </p>
          <div className="mt-2">
            <Badge tone={notificationBadgeTone(status)}>{status}</Badge>
          </div>
        </div>
        <div className="relative z-10 flex shrink-0 items-start gap-1">
          {!isRead && (
            <button
              type="button"
              aria-label="Mark as read"
              aria-describedby={messageId}
              title="Mark as read"
              disabled={isBusy}
              onClick={() => markRead.mutate(uuid)}
              className={actionClassName}
            >
              <Check aria-hidden="true" className="size-4" />
            </button>
          )}
          <button
            type="button"
            aria-label="Delete"
            aria-describedby={messageId}
            title="Delete"
            disabled={isBusy}
            onClick={() => remove.mutate(uuid)}
            className={classNames(actionClassName, 'hover:text-red-600')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
