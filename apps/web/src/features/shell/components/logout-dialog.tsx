import { LogOut } from 'lucide-react';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';

interface LogoutDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Hmmm! you seem to be leaving"
      description="Are you sure you wish to log out?"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-red-50">
          <LogOut aria-hidden="true" className="size-7 text-red-600" />
        </span>
      }
      confirmLabel="Yes, log out"
      confirmVariant="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
