import { useNavigate } from 'react-router';
import { successMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { PasswordField } from '#/components/ui/password-field.tsx';
import { TextField } from '#/components/ui/text-field.tsx';
import { TextLink } from '#/components/ui/text-link.tsx';
import { env } from '#/config/env.ts';
import { HOME_PATH, paths } from '#/config/paths.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useAuth } from '../auth-provider.tsx';
import { useLoginForm } from '../login-form.ts';
import { AuthLayout } from './auth-layout.tsx';
import { BotCheck } from './bot-check.tsx';

export function LoginScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { register, handleSubmit, errors } = useLoginForm(async (credentials) => {
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
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={errors.email}
          {...register('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password}
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
