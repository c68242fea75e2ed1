import {
  formationStepKeys,
  formationStepNames,
  stepFeedbackTitles,
  stepStatusKinds,
  type BusinessDetail,
  type FormationStepKey,
  type StepStatusKind,
} from '@fd/contract';
import { StatusRows } from '#/components/status-rows.tsx';
import { statusMenuSteps, stepMenuShortcut } from '#/lib/shortcuts.ts';
import { StepStatusBadge, StepStatusControl } from './step-status-control.tsx';

/** The identity documents' steps, managed on their cards in the verification documents section. */
export const documentStepKinds = ['government-id', 'national-id', 'utility-bill'] as const;

const kindOfStep = new Map<FormationStepKey, StepStatusKind>(
  Object.entries(stepStatusKinds).map(([kind, key]) => [key, kind as StepStatusKind]),
);

/** The feedback title that names each step's failure (docs/product.md §4.5), offered first. */
const stepFeedbackTitle: Partial<Record<StepStatusKind, (typeof stepFeedbackTitles)[number]>> = {
  payment: 'Incorporation Payment Doc',
  'onboarding-doc': 'Document Verification',
  'incorporation-status': 'Company Formation',
  'post-formation-doc': 'Post Formation Doc',
  tax: 'Tax ID',
  stripe: 'Payment processor (Stripe)',
  'bank-account': 'Bank Account',
};

/**
 * Status management (docs/product.md §4.5): every formation step in the canonical order, each
 * with its status and, where it has an update endpoint, the picker. Document verification is
 * display only; the identity documents are moved on their own cards.
 */
export function StatusManagement({ business }: { business: BusinessDetail }) {
  const steps = formationStepKeys.flatMap((key) => {
    const kind = kindOfStep.get(key);
    if (kind && (documentStepKinds as readonly string[]).includes(kind)) return [];
    const step = business.business_formation_statuses[key];
    return [{ key, kind, step, name: step.status_item_name || formationStepNames[key] }];
  });

  return (
    <StatusRows
      rows={steps.map(({ key, kind, step, name }) => ({
        key,
        name,
        control: kind ? (
          <StepStatusControl
            business={business}
            kind={kind}
            name={name}
            feedbackTitles={stepFeedbackTitles}
            defaultFeedbackTitle={stepFeedbackTitle[kind]}
            shortcut={statusMenuSteps.includes(key) ? stepMenuShortcut(key) : undefined}
          />
        ) : (
          <StepStatusBadge status={step.status} />
        ),
      }))}
    />
  );
}
