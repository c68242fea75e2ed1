import { manageTexts } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';

interface StatusConfirmDialogProps {
  open: boolean;
  /** What is about to change, e.g. 'Tax EIN will read Done.' */
  description: string;
  isUpdating: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** docs/product.md §4.5, step 2: the one confirmation before any step or document status changes. */
export function StatusConfirmDialog({
  open,
  description,
  isUpdating,
  onCancel,
  onConfirm,
}: StatusConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={manageTexts.confirmStatus}
      description={description}
      isBusy={isUpdating}
    >
      <div className="flex justify-center gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isUpdating}>
          Cancel
        </Button>
        <Button isLoading={isUpdating} loadingText={manageTexts.updating} onClick={onConfirm}>
          {manageTexts.updateStatus}
        </Button>
      </div>
    </Dialog>
  );
}
