import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { loginRequestSchema, successMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { PasswordField } from '#/components/ui/password-field.tsx';
import { TextField } from '#/components/ui/text-field.tsx';
import { TextLink } from '#/components/ui/text-link.tsx';
import { env } from '#/config/env.ts';
import { HOME_PATH, paths } from '#/config/paths.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAuth } from '../auth-provider.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { BotCheck } from './bot-check.tsx';

export function LoginScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    const result = await auth.login(credentials);
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    notifySuccess(successMessages.login);
    navigate(HOME_PATH, { replace: true });
  });

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to the Formation Desk back office.">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="mt-2 text-right text-sm">
            <TextLink to={paths.forgotPassword}>Forgot password?</TextLink>
          </div>
        </div>
        <Button type="submit" className="w-full" isLoading={auth.status === 'loading'}>
          Log in
        </Button>
      </form>
      <BotCheck siteKey={env.botCheckSiteKey} />
    </AuthLayout>
  );
}
