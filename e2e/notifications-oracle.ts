/**
 * A manager's notifications from the real API, with the token of the manager signed in on a
 * page (the page's context must be on the server's origin): what the notification screens
 * should show, and the setup the notifications journey needs.
 */
import { expect, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  apiPaths,
  type AppNotification,
  type NotificationListPage,
} from '@fd/contract';
import { storedToken } from './session.ts';

export function notificationsApi(page: Page) {
  const call = async (method: 'get' | 'delete', path: string, params?: Record<string, string>) => {
    const response = await page.request[method](`${API_BASE_PATH}/${path}`, {
      params,
      headers: { Authorization: `Bearer ${await storedToken(page)}` },
    });
    await expect(response, `${method.toUpperCase()} ${path}`).toBeOK();
    return response;
  };
  const firstPage = async (): Promise<NotificationListPage> => {
    const response = await call('get', apiPaths.notifications.list, { page_size: '100' });
    return ((await response.json()) as { data: NotificationListPage }).data;
  };
  return {
    /** The newest 100 at most, newest first. */
    list: async (): Promise<AppNotification[]> => (await firstPage()).detail,
    /** How many each tab holds: all, read, unread. */
    counts: async () => (await firstPage()).counts,
    remove: (uuid: string) => call('delete', apiPaths.notifications.item(uuid)),
  };
}
