import { useState } from 'react';
import { PasswordResetCard, ProfileNamesCard } from '#/components/manager-profile.tsx';
import { mockupTexts } from '../texts.ts';
import { MockupPage } from './preview-notice.tsx';

export const PASSWORD_NOT_CHANGED_TEXT =
  'Preview only: the password was not changed. Change it from Settings in the admin area.';

/** /flex-profile (docs/product.md §2.4): read-only names and a password area that saves nothing. */
export function FlexProfilePage() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <MockupPage title="My profile">
      <ProfileNamesCard note={mockupTexts.flexNamesNote} />
      <PasswordResetCard
        onSubmit={(_values, reset) => {
          setSubmitted(true);
          reset();
        }}
        outcome={
          <p role="status" className="text-sm text-slate-700">
            {submitted ? PASSWORD_NOT_CHANGED_TEXT : ''}
          </p>
        }
      />
    </MockupPage>
  );
}
