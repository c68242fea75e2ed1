import { LogOut } from 'lucide-react';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';

interface LogoutDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Hmmm! you seem to be leaving"
      description="Are you sure you wish to log out?"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-red-50">
          <LogOut aria-hidden="true" className="size-7 text-red-600" />
        </span>
      }
    >
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" className="flex-1" onClick={onConfirm}>
          Yes, log out
        </Button>
      </div>
    </Dialog>
  );
}
