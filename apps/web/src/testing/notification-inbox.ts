import {
  apiErrorDetails,
  successMessages,
  type AppNotification,
  type NotificationCounts,
} from '@fd/contract';
import type { RecordedRequest, TestResponse } from './http-server.ts';

/** Notification bodies and calls as the API answers them, for tests of the notifications. */

let sequence = 0;

export function notificationFixture(overrides: Partial<AppNotification> = {}): AppNotification {
  sequence += 1;
  return {
    uuid: `7f000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    message: `Notification ${sequence}`,
    status: 'Processing',
    is_read: false,
    created_at: '2026-11-22T14:07:00Z',
    business: {
      id: sequence,
      uuid: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
      business_name: `Business ${sequence}`,
    },
    ...overrides,
  };
}

const notFound: TestResponse = {
  status: 404,
  body: { errors: { detail: apiErrorDetails.notificationNotFound } },
};

/**
 * One manager's notifications, newest first, answering `GET notifications/`, `PUT` and
 * `DELETE notifications/{uuid}/`, `POST notifications/mark-all-read/` and the stream ticket
 * the way the API does (docs/product.md §7.3, decision 27).
 */
export class NotificationInbox {
  notifications: AppNotification[];
  private tickets = 0;

  constructor(notifications: AppNotification[] = []) {
    this.notifications = notifications;
  }

  counts(): NotificationCounts {
    const read = this.notifications.filter((n) => n.is_read).length;
    return { all: this.notifications.length, read, unread: this.notifications.length - read };
  }

  /** The answer to a notifications call, or undefined for any other path. */
  answer(request: RecordedRequest): TestResponse | undefined {
    const url = new URL(request.url, 'http://test.invalid');
    const match = /^\/api\/v1\/notifications\/(.*)$/.exec(url.pathname);
    if (!match) return undefined;
    const rest = match[1]!.replace(/\/$/, '');

    if (rest === '' && request.method === 'GET') {
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('page_size') ?? 20);
      const tab = this.notifications.filter(
        (n) => status === null || n.is_read === (status === 'read'),
      );
      const detail = tab.slice((page - 1) * pageSize, page * pageSize);
      return {
        status: 200,
        body: {
          data: {
            detail,
            total_count: tab.length,
            page,
            page_size: pageSize,
            counts: this.counts(),
          },
        },
      };
    }
    if (rest === 'stream/ticket' && request.method === 'POST') {
      this.tickets += 1;
      return { status: 200, body: { data: { ticket: `ticket-${this.tickets}`, expires_in: 30 } } };
    }
    if (rest === 'mark-all-read' && request.method === 'POST') {
      const { through } = JSON.parse(request.body || '{}') as { through?: string };
      const from =
        through === undefined ? 0 : this.notifications.findIndex((n) => n.uuid === through);
      if (from < 0) return notFound;
      let updated = 0;
      for (const n of this.notifications.slice(from)) {
        if (!n.is_read) updated += 1;
        n.is_read = true;
      }
      return { status: 200, body: { data: { updated, counts: this.counts() } } };
    }

    const target = this.notifications.find((n) => n.uuid === rest);
    if (!target) return notFound;
    if (request.method === 'PUT') {
      target.is_read = (JSON.parse(request.body) as { is_read: boolean }).is_read;
      return { status: 200, body: { data: target } };
    }
    if (request.method === 'DELETE') {
      this.notifications = this.notifications.filter((n) => n !== target);
      return {
        status: 200,
        body: { message: successMessages.notificationDeleted, data: { uuid: target.uuid } },
      };
    }
    return { status: 405, body: { errors: { detail: 'Method not allowed.' } } };
  }
}
