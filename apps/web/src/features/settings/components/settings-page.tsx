import { errorMessages, successMessages } from '@fd/contract';
import { PasswordResetCard, ProfileNamesCard } from '#/components/manager-profile.tsx';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { errorDetailOr } from '#/lib/error-message.ts';

/** Managers cannot rename themselves; the admin does it with `npm run manager -- rename`. */
export const READ_ONLY_NAMES_TEXT = "You can't edit this, except you request the admin.";

export function SettingsPage() {
  const changePassword = useChangePassword();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Managers profile</h1>
      <ProfileNamesCard note={READ_ONLY_NAMES_TEXT} />
      <PasswordResetCard
        isPending={changePassword.isPending}
        onSubmit={(values, reset) =>
          changePassword.mutate(values, {
            onSuccess: () => {
              notifySuccess(successMessages.passwordChanged);
              reset();
            },
            onError: (error) =>
              notifyError(errorDetailOr(error, errorMessages.changePasswordException)),
          })
        }
      />
    </div>
  );
}
