import { Bell, BellOff } from 'lucide-react';
import { Popover } from '#/components/ui/popover.tsx';
import { iconButtonClassName } from './icon-button.ts';

/** The bell of the top bar on wide screens, with its dropdown panel. */
export function NotificationsDropdown({ className }: { className?: string }) {
  return (
    <Popover
      kind="region"
      label="Notifications"
      trigger={<Bell aria-hidden="true" className="size-5" />}
      triggerProps={{ className: iconButtonClassName }}
      className={className}
      panelClassName="right-0 z-40 w-80 rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">Notifications</h2>
      <div className="flex flex-col items-center px-4 py-10 text-center">
        <BellOff aria-hidden="true" className="size-8 text-slate-300" />
        <p className="mt-3 text-sm text-slate-500">You have no notifications available</p>
      </div>
    </Popover>
  );
}
