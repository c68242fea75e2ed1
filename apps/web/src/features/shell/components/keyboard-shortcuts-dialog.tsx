import { Fragment } from 'react';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from '#/components/ui/keyboard-scroll.ts';
import { classNames } from '#/lib/class-names.ts';
import { keyLabel, shortcutCatalogue, type ShortcutGroup } from '#/lib/shortcuts.ts';

export const SHORTCUTS_DIALOG_TITLE = 'Keyboard shortcuts';

const groups: readonly ShortcutGroup[] = ['Anywhere', 'Lists', 'Manage business'];

const kbdClassName =
  'rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800';

/**
 * The `?` dialog (docs/product.md §12.3): every shortcut of the catalogue (lib/shortcuts.ts), the
 * same list the handlers bind to, by where it works.
 */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const scroll = useKeyboardScroll<HTMLDivElement>();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={SHORTCUTS_DIALOG_TITLE}
      description="Keys work when no field has the focus; Ctrl K and Escape work anywhere."
    >
      <div
        {...scroll}
        role="group"
        aria-label="Shortcuts"
        className={classNames(
          'max-h-[55dvh] space-y-4 overflow-y-auto text-left',
          scrollBoxFocusClassName,
        )}
      >
        {groups.map((group) => (
          <table key={group} className="w-full text-sm">
            <caption className="pb-1 text-left font-semibold text-slate-900">{group}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {shortcutCatalogue
                .filter((shortcut) => shortcut.group === group)
                .map((shortcut) => (
                  <tr key={shortcut.id} className="border-t border-slate-100">
                    <td className="py-1.5 pr-3 whitespace-nowrap">
                      {shortcut.keys.map((key, index) => (
                        <Fragment key={key}>
                          {index > 0 && <span className="px-1 text-slate-500">then</span>}
                          <kbd className={kbdClassName}>{keyLabel(key)}</kbd>
                        </Fragment>
                      ))}
                    </td>
                    <td className="py-1.5 text-slate-700">{shortcut.description}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
      </div>
      <Button variant="secondary" className="mt-4" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
