import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { resetPasswordFormSchema, successMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { Dialog } from '#/components/ui/dialog.tsx';
import { PasswordField } from '#/components/ui/password-field.tsx';
import { TextLink } from '#/components/ui/text-link.tsx';
import { paths } from '#/config/paths.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAuth } from '../auth-provider.tsx';
import { resetPasswordLocationStateSchema } from '../navigation-state.ts';
import { AuthLayout } from './auth-layout.tsx';
import { MissingStep } from './missing-step.tsx';

export function ResetPasswordScreen() {
  const location = useLocation();
  const state = resetPasswordLocationStateSchema.safeParse(location.state);
  if (!state.success) {
    return (
      <MissingStep
        title="Set a new password"
        explanation="This page needs a verified code: request one and enter it first, then choose your new password."
      />
    );
  }
  return <ResetPasswordForm resetToken={state.data.reset_token} />;
}

function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [isChanged, setIsChanged] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await auth.resetPassword({ token: resetToken, ...values });
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    notifySuccess(successMessages.reset);
    setIsChanged(true);
  });

  const backToLogin = () => navigate(paths.login, { replace: true });

  return (
    <AuthLayout title="Set a new password" subtitle="Choose a password of at least 8 characters.">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button type="submit" className="w-full" isLoading={auth.status === 'loading'}>
          Reset password
        </Button>
      </form>
      <div className="mt-6 text-center text-sm">
        <TextLink to={paths.login}>Go back to login</TextLink>
      </div>
      <Dialog
        open={isChanged}
        onClose={backToLogin}
        title="Password changed"
        description="You can now log in with your new password."
        icon={<CircleCheck aria-hidden="true" className="size-12 text-green-600" />}
      >
        <Button className="w-full" onClick={backToLogin}>
          Back to Log in
        </Button>
      </Dialog>
    </AuthLayout>
  );
}
