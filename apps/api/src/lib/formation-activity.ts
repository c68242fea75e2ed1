import { formationStepKeys, type FormationStepKey, type StepStatus } from '@fd/contract';

export interface StepState {
  stepKey: string;
  status: string;
}

/** The step a business is waiting on; null means every step is approved (Completed). */
export type CurrentActivity = {
  step: FormationStepKey;
  status: Exclude<StepStatus, 'APPROVED'>;
} | null;

/**
 * The current activity (docs/architecture.md §4): the first step, in the canonical order
 * of `formationStepKeys`, that is not APPROVED. A step without a row counts as
 * PENDING, so a business with missing rows is never reported as Completed.
 * The order of `steps` does not matter; unknown keys are ignored.
 */
export function computeCurrentActivity(steps: Iterable<StepState>): CurrentActivity {
  const statusByKey = new Map<string, string>();
  for (const step of steps) statusByKey.set(step.stepKey, step.status);
  for (const key of formationStepKeys) {
    const status = statusByKey.get(key) ?? 'PENDING';
    if (status !== 'APPROVED') {
      return { step: key, status: status as Exclude<StepStatus, 'APPROVED'> };
    }
  }
  return null;
}
