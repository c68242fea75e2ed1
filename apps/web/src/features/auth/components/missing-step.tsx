import { paths } from '#/config/paths.ts';
import { TextLink } from '#/components/ui/text-link.tsx';
import { AuthLayout } from './auth-layout.tsx';

/** Shown when /verify-otp or /reset-password is opened directly, without the previous step. */
export function MissingStep({ title, explanation }: { title: string; explanation: string }) {
  return (
    <AuthLayout title={title} subtitle={explanation}>
      <TextLink to={paths.forgotPassword}>Request a new verification code</TextLink>
    </AuthLayout>
  );
}
