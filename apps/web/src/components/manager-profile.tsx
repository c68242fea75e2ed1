import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ChangePasswordForm } from '@fd/contract';
import { lazyResolver } from '#/lib/lazy-resolver.ts';
import { useSession } from '#/lib/session.ts';
import { Button } from './ui/button.tsx';
import { PasswordField } from './ui/password-field.tsx';
import { TextField } from './ui/text-field.tsx';

/** The password rules (the contract's schema), loaded with zod on the form's first check. */
const changePasswordResolver = lazyResolver(
  async () => (await import('./change-password-resolver.ts')).changePasswordResolver,
);

const cardClassName = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClassName}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The signed-in manager's names, read-only (docs/product.md §2.3, §2.4): only the admin renames
 * a manager, and `note` says so in the screen's own words.
 */
export function ProfileNamesCard({ note }: { note: string }) {
  const { manager } = useSession();
  return (
    <Card title="Personal details">
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="First name" readOnly value={manager?.first_name ?? ''} />
        <TextField label="Last name" readOnly value={manager?.last_name ?? ''} />
      </div>
      <p className="mt-3 text-sm text-slate-600">{note}</p>
    </Card>
  );
}

interface PasswordResetCardProps {
  /** Called with valid values only; `reset` empties the form (after a success, say). */
  onSubmit: (values: ChangePasswordForm, reset: () => void) => void;
  isPending?: boolean;
  /** Under the button: what became of the last submit, when the screen says it here. */
  outcome?: ReactNode;
}

/** Current and new password with the change-password rules (docs/product.md §5) and 'Save changes'. */
export function PasswordResetCard({
  onSubmit,
  isPending = false,
  outcome,
}: PasswordResetCardProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: changePasswordResolver,
    defaultValues: { old_password: '', new_password: '' },
  });

  return (
    <Card title="Password reset">
      <form
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(values, () => reset()))}
        className="mt-4 space-y-5"
      >
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
          <Button type="submit" isLoading={isPending}>
            Save changes
          </Button>
        </div>
        {outcome}
      </form>
    </Card>
  );
}
