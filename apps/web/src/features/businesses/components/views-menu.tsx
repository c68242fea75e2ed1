import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Bookmark, Link2, Pencil, Trash2 } from 'lucide-react';
import { SAVED_VIEW_NAME_MAX_LENGTH, type SavedView } from '@fd/contract';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';
import { Button, buttonClassName } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { Popover } from '#/components/ui/popover.tsx';
import { Spinner } from '#/components/ui/spinner.tsx';
import { TextField } from '#/components/ui/text-field.tsx';
import { classNames } from '#/lib/class-names.ts';
import { errorDetailOr } from '#/lib/error-message.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import {
  savedViewLink,
  savedViewPath,
  savedViewQuery,
  useSavedViews,
  useSavedViewWrites,
} from '../saved-views.ts';

/** The dialog open over the list, if any: naming a new view, renaming one, deleting one. */
type ViewDialog =
  | { kind: 'save' }
  | { kind: 'rename'; view: SavedView }
  | { kind: 'delete'; view: SavedView }
  | null;

/** What 'Copy link' did: copied, or (no clipboard) the link shown selected, to copy by hand. */
type Copied = { uuid: string; link: string; byHand: boolean } | null;

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * 'Views' on /business (docs/product.md §11.4): the manager's saved views, each opening the list
 * at its address (the current one marked), with 'Copy link', 'Rename' and 'Delete'; and 'Save
 * current view…', which names the address on screen (without its page).
 */
export function ViewsMenu() {
  const [searchParams] = useSearchParams();
  const current = savedViewQuery(searchParams);
  // Asked for once the menu first opens: the list screen's own first calls stay as they are.
  const [wanted, setWanted] = useState(false);
  const views = useSavedViews(wanted);
  const writes = useSavedViewWrites();
  const [dialog, setDialog] = useState<ViewDialog>(null);
  const [copied, setCopied] = useState<Copied>(null);

  async function copyLink(view: SavedView) {
    const link = savedViewLink(view.query);
    try {
      await navigator.clipboard.writeText(link);
      setCopied({ uuid: view.uuid, link, byHand: false });
    } catch {
      setCopied({ uuid: view.uuid, link, byHand: true });
    }
  }

  return (
    <>
      <Popover
        kind="dialog"
        label="Views"
        panelLabel="Saved views"
        trigger={
          <>
            <Bookmark aria-hidden="true" className="size-4" />
            Views
          </>
        }
        triggerProps={{ className: buttonClassName('secondary') }}
        panelClassName="right-0 z-40 w-80 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
        sheetOnPhone
        onOpenChange={(open) => {
          if (open) setWanted(true);
          else setCopied(null);
        }}
      >
        {({ close }) => (
          <div className="space-y-3">
            <h2 className="text-sm font-semibold text-slate-900">Saved views</h2>
            <ViewList
              views={views}
              current={current}
              copied={copied}
              onOpen={() => close({ returnFocus: false })}
              onCopy={(view) => void copyLink(view)}
              onRename={(view) => {
                close();
                setDialog({ kind: 'rename', view });
              }}
              onDelete={(view) => {
                close();
                setDialog({ kind: 'delete', view });
              }}
            />
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => {
                close();
                setDialog({ kind: 'save' });
              }}
            >
              Save current view…
            </Button>
          </div>
        )}
      </Popover>
      {dialog?.kind === 'save' && (
        <NameDialog
          title="Save current view"
          submitLabel="Save view"
          initialName=""
          isBusy={writes.save.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={async (name) => {
            const answer = await writes.save.mutateAsync({ name, query: current });
            notifySuccess(`Saved the view "${answer.data.name}".`);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename "${dialog.view.name}"`}
          submitLabel="Rename"
          initialName={dialog.view.name}
          isBusy={writes.rename.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={async (name) => {
            const answer = await writes.rename.mutateAsync({ view: dialog.view, name });
            notifySuccess(`Renamed the view to "${answer.data.name}".`);
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete the view "${dialog.view.name}"?` : ''}
        description="The list stays as it is; only the saved name and its address go."
        confirmLabel="Delete view"
        busyLabel="Deleting..."
        confirmVariant="danger"
        isBusy={writes.remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          writes.remove.mutate(dialog.view, {
            onSuccess: () => {
              notifySuccess(`Deleted the view "${dialog.view.name}".`);
              setDialog(null);
            },
            onError: (error) => {
              setDialog(null);
              notifyError(errorDetailOr(error, 'The view could not be deleted. Try again.'));
            },
          });
        }}
      />
    </>
  );
}

interface ViewListProps {
  views: ReturnType<typeof useSavedViews>;
  current: string;
  copied: Copied;
  onOpen: () => void;
  onCopy: (view: SavedView) => void;
  onRename: (view: SavedView) => void;
  onDelete: (view: SavedView) => void;
}

/** The views, or why there are none to show. */
function ViewList({ views, current, copied, onOpen, onCopy, onRename, onDelete }: ViewListProps) {
  if (views.isPending) return <Spinner label="Loading views…" className="text-slate-400" />;
  if (views.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm text-red-700">
        <p>Your views could not be loaded.</p>
        <Button
          variant="secondary"
          isLoading={views.isFetching}
          loadingText="Trying again..."
          onClick={() => void views.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (views.data.length === 0) {
    return <p className="text-sm text-slate-500">No saved views yet</p>;
  }
  return (
    <ul aria-label="Saved views" className="max-h-80 space-y-1 overflow-y-auto">
      {views.data.map((view) => {
        const isCurrent = savedViewQuery(new URLSearchParams(view.query)) === current;
        return (
          <li key={view.uuid} className="rounded-lg">
            <div className="flex items-center gap-1">
              <Link
                to={savedViewPath(view.query)}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={onOpen}
                className={classNames(
                  'min-w-0 flex-1 truncate rounded-lg px-2 py-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
                  isCurrent ? 'font-semibold text-indigo-700' : 'text-slate-700',
                )}
              >
                {view.name}
                {isCurrent && <span className="font-normal text-slate-500"> (current)</span>}
              </Link>
              <button
                type="button"
                className={iconButton}
                aria-label={`Copy link to ${view.name}`}
                title="Copy link"
                onClick={() => onCopy(view)}
              >
                <Link2 aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={`Rename ${view.name}`}
                title="Rename"
                onClick={() => onRename(view)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className={classNames(iconButton, 'hover:text-red-600')}
                aria-label={`Delete ${view.name}`}
                title="Delete"
                onClick={() => onDelete(view)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
            {copied?.uuid === view.uuid && <CopiedLink copied={copied} name={view.name} />}
          </li>
        );
      })}
    </ul>
  );
}

/** 'Link copied.', or the link selected in a field, to copy by hand. */
function CopiedLink({ copied, name }: { copied: NonNullable<Copied>; name: string }) {
  if (!copied.byHand) {
    return (
      <p role="status" className="px-2 pb-1 text-xs text-emerald-700">
        Link copied.
      </p>
    );
  }
  return (
    <TextField
      label={`Link to ${name}`}
      hint="Copy it with Ctrl+C (⌘C on a Mac)."
      value={copied.link}
      readOnly
      // Selected at once, ready to copy.
      ref={(input) => {
        input?.focus();
        input?.select();
      }}
      onFocus={(event) => event.currentTarget.select()}
      className="px-2 pb-1"
    />
  );
}

interface NameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  isBusy: boolean;
  onCancel: () => void;
  /** Throws the server's refusal, shown under the field. */
  onSubmit: (name: string) => Promise<void>;
}

/** Asks a view's name; the server's refusal (a name taken, too many views) shows under it. */
function NameDialog({
  title,
  submitLabel,
  initialName,
  isBusy,
  onCancel,
  onSubmit,
}: NameDialogProps) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Give the view a name.');
      return;
    }
    try {
      await onSubmit(name.trim());
    } catch (failure) {
      setError(errorDetailOr(failure, 'The view could not be saved. Try again.'));
    }
  }

  return (
    <Dialog open onClose={onCancel} title={title} isBusy={isBusy}>
      <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4 text-left">
        <TextField
          label="Name"
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
          autoComplete="off"
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" isLoading={isBusy} loadingText="Saving...">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
