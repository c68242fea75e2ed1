import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { successMessages, verifyOtpFormSchema } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { FieldError } from '#/components/ui/text-field.tsx';
import { textLinkClassName } from '#/components/ui/text-link.tsx';
import { paths } from '#/config/paths.ts';
import { classNames } from '#/lib/class-names.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAuth } from '../auth-provider.tsx';
import {
  verifyOtpLocationStateSchema,
  type ResetPasswordLocationState,
  type VerifyOtpLocationState,
} from '../navigation-state.ts';
import { AuthLayout } from './auth-layout.tsx';
import { MissingStep } from './missing-step.tsx';
import { OtpInput } from './otp-input.tsx';

export function VerifyOtpScreen() {
  const location = useLocation();
  const state = verifyOtpLocationStateSchema.safeParse(location.state);
  if (!state.success) {
    return (
      <MissingStep
        title="Verify your code"
        explanation="We don't know which code to check: start from the forgot-password screen so we can send you one."
      />
    );
  }
  return <VerifyOtpForm {...state.data} />;
}

function VerifyOtpForm({ email, token: firstToken }: VerifyOtpLocationState) {
  const auth = useAuth();
  const navigate = useNavigate();
  // A resent code comes with a new token; the newest one is the one to verify against.
  const [token, setToken] = useState(firstToken);
  const [isResending, setIsResending] = useState(false);
  const instructionId = useId();
  const errorId = useId();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(verifyOtpFormSchema), defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(async ({ otp }) => {
    const result = await auth.verifyCode(otp, token);
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    notifySuccess(successMessages.verify);
    const state: ResetPasswordLocationState = { reset_token: result.data.reset_token };
    navigate(paths.resetPassword, { state });
  });

  const resend = async () => {
    setIsResending(true);
    const result = await auth.resendCode(email);
    setIsResending(false);
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    setToken(result.data.token);
    notifySuccess(result.data.message);
  };

  const otpError = errors.otp?.message;
  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        <p id={instructionId}>
          Please input the code we sent to <strong className="text-slate-900">{email}</strong>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <div role="group" aria-labelledby={instructionId}>
          <Controller
            control={control}
            name="otp"
            render={({ field }) => (
              <OtpInput
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(otpError)}
                describedBy={otpError ? errorId : undefined}
              />
            )}
          />
          <FieldError id={errorId} message={otpError} />
        </div>
        <p className="text-sm text-slate-600">
          Didn&apos;t get the code?{' '}
          <button
            type="button"
            onClick={resend}
            disabled={isResending}
            className={classNames(textLinkClassName, 'disabled:text-slate-400')}
          >
            Click to resend.
          </button>
        </p>
        <div className="flex gap-3">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => navigate(paths.forgotPassword)}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            className="flex-1"
            isLoading={auth.status === 'loading'}
            loadingText="Verifying..."
          >
            Verify
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
