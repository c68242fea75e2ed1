import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { FORGOT_PASSWORD_NAV_DELAY_MS, forgotPasswordRequestSchema } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { TextField } from '#/components/ui/text-field.tsx';
import { TextLink } from '#/components/ui/text-link.tsx';
import { paths } from '#/config/paths.ts';
import { useTimeout } from '#/hooks/use-timeout.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAuth } from '../auth-provider.tsx';
import type { VerifyOtpLocationState } from '../navigation-state.ts';
import { AuthLayout } from './auth-layout.tsx';

export function ForgotPasswordScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const schedule = useTimeout();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await auth.requestCode(email);
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    notifySuccess(result.data.message);
    const state: VerifyOtpLocationState = { token: result.data.token, email };
    // Let the message appear before the screen changes (docs/product.md §9).
    schedule(() => navigate(paths.verifyOtp, { state }), FORGOT_PASSWORD_NAV_DELAY_MS);
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a 6-digit verification code."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" isLoading={auth.status === 'loading'}>
          Send
        </Button>
      </form>
      <div className="mt-6 text-center text-sm">
        <TextLink to={paths.login} className="gap-1.5">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </TextLink>
      </div>
    </AuthLayout>
  );
}
