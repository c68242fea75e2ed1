import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, errorMessages, successMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { PasswordField } from '#/components/ui/password-field.tsx';
import { TextField } from '#/components/ui/text-field.tsx';
import { ApiError } from '#/lib/api-client.ts';
import { useSession } from '#/lib/session.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useChangePassword } from '../api/change-password.ts';

/** Managers cannot rename themselves; the admin does it with `npm run manager -- rename`. */
export const READ_ONLY_NAMES_TEXT = "You can't edit this, except you request the admin.";

export function SettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Managers profile</h1>
      <ProfileSection />
      <ChangePasswordSection />
    </div>
  );
}

const cardClassName = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function ProfileSection() {
  const { manager } = useSession();
  return (
    <section aria-labelledby="profile-heading" className={cardClassName}>
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Personal details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="First name" readOnly value={manager?.first_name ?? ''} />
        <TextField label="Last name" readOnly value={manager?.last_name ?? ''} />
      </div>
      <p className="mt-3 text-sm text-slate-500">{READ_ONLY_NAMES_TEXT}</p>
    </section>
  );
}

function ChangePasswordSection() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { old_password: '', new_password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        notifySuccess(successMessages.passwordChanged);
        reset();
      },
      onError: (error) =>
        notifyError(
          error instanceof ApiError && error.detail
            ? error.detail
            : errorMessages.changePasswordException,
        ),
    }),
  );

  return (
    <section aria-labelledby="password-heading" className={cardClassName}>
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password reset
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.old_password?.message}
            {...register('old_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...register('new_password')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" isLoading={changePassword.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}
