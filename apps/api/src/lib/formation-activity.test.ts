import { formationStepKeys, type StepStatus } from '@fd/contract';
import { describe, expect, it } from 'vitest';
import { computeCurrentActivity, type StepState } from './formation-activity.ts';

/** All twelve steps, APPROVED unless overridden. */
const steps = (overrides: Partial<Record<(typeof formationStepKeys)[number], StepStatus>> = {}) =>
  formationStepKeys.map((stepKey) => ({ stepKey, status: overrides[stepKey] ?? 'APPROVED' }));

describe('computeCurrentActivity', () => {
  it('is null (Completed) when every step is approved', () => {
    expect(computeCurrentActivity(steps())).toBeNull();
  });

  it('is the first step that is not approved, with its status', () => {
    expect(computeCurrentActivity(steps({ incorporation_status: 'PROCESSING' }))).toEqual({
      step: 'incorporation_status',
      status: 'PROCESSING',
    });
    expect(computeCurrentActivity(steps({ business_handover_status: 'FAILED' }))).toEqual({
      step: 'business_handover_status',
      status: 'FAILED',
    });
  });

  it('follows the canonical order, not the order of the rows', () => {
    const rows = steps({ tax_ein_status: 'FAILED', payment_status: 'PENDING' }).reverse();
    expect(computeCurrentActivity(rows)).toEqual({ step: 'payment_status', status: 'PENDING' });
  });

  it('skips later approved steps after an earlier open one', () => {
    const rows = steps({ onboarding_doc_status: 'PENDING', stripe_status: 'PROCESSING' });
    expect(computeCurrentActivity(rows)).toEqual({
      step: 'onboarding_doc_status',
      status: 'PENDING',
    });
  });

  it('counts a missing step as pending, and ignores unknown keys', () => {
    const rows: StepState[] = steps().filter((s) => s.stepKey !== 'utility_bill_status');
    rows.push({ stepKey: 'not_a_step', status: 'FAILED' });
    expect(computeCurrentActivity(rows)).toEqual({
      step: 'utility_bill_status',
      status: 'PENDING',
    });
    expect(computeCurrentActivity([])).toEqual({ step: 'payment_status', status: 'PENDING' });
  });
});
