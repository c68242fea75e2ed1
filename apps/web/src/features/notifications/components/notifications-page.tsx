import { NotificationsPanel } from './notifications-panel.tsx';

/** `/mobilenotification` (docs/product.md §2.3): the bell's panel as a page, for small screens. */
export function NotificationsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Notifications</h1>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <NotificationsPanel dayHeadingLevel={2} />
      </div>
    </div>
  );
}
