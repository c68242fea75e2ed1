import { QueryClient } from '@tanstack/react-query';
import type { NotificationCounts } from '@fd/contract';
import { describe, expect, it } from 'vitest';
import { addArrived, notificationKeys } from './notification-keys.ts';

describe('addArrived', () => {
  it('adds the new ones to the counts kept, unread, and marks every list stale', async () => {
    const client = new QueryClient();
    client.setQueryData<NotificationCounts>(notificationKeys.counts(), {
      all: 5,
      read: 3,
      unread: 2,
    });
    client.setQueryData(notificationKeys.list('all'), { pages: [], pageParams: [] });
    await addArrived(client, 3);
    expect(client.getQueryData(notificationKeys.counts())).toEqual({ all: 8, read: 3, unread: 5 });
    expect(client.getQueryState(notificationKeys.counts())?.isInvalidated).toBe(false);
    expect(client.getQueryState(notificationKeys.list('all'))?.isInvalidated).toBe(true);
  });

  it('with no counts kept yet, marks everything stale to be fetched', async () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.list('unread'), { pages: [], pageParams: [] });
    await addArrived(client, 1);
    expect(client.getQueryData(notificationKeys.counts())).toBeUndefined();
    expect(client.getQueryState(notificationKeys.list('unread'))?.isInvalidated).toBe(true);
  });
});
