import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to update the client status?'. */
  title: string;
  /** What is about to change. */
  description?: ReactNode;
  icon?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while busy, e.g. 'Updating...'. */
  busyLabel?: string;
  confirmVariant?: ButtonVariant;
  /** While busy, neither button nor Escape acts. */
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Every yes-or-no question of the app — logging out, a status change, a mock-up's picker — in
 * one dialog: Cancel and the confirm button; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  icon,
  confirmLabel,
  busyLabel,
  confirmVariant = 'primary',
  isBusy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      icon={icon}
      isBusy={isBusy}
    >
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
        <Button
          variant={confirmVariant}
          className="flex-1"
          isLoading={isBusy}
          loadingText={busyLabel}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
