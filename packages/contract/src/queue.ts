/**
 * The work queue, 'Needs attention' (docs/product.md §11.5): how long each step may hold its
 * status before its business needs a manager, and the call that tells the screens.
 */
import { z } from 'zod';
import { formationStepKeys, type FormationStepKey } from './enums.ts';
import { successBody } from './errors.ts';

/**
 * Hours each step may wait before its business is in the queue, unless STEP_WAIT_LIMITS says
 * otherwise: a day for what a manager checks (a payment, a document), longer where a registry
 * or a bank takes its time.
 */
export const defaultStepWaitLimitHours: Readonly<Record<FormationStepKey, number>> = {
  payment_status: 24,
  onboarding_doc_status: 48,
  document_verification_status: 48,
  national_id_status: 48,
  government_id_status: 48,
  utility_bill_status: 48,
  incorporation_status: 120,
  post_doc_formation_status: 72,
  tax_ein_status: 240,
  stripe_status: 72,
  bank_account_status: 168,
  business_handover_status: 72,
};

/** A limit is one hour to a year. */
export const STEP_WAIT_LIMIT_MAX_HOURS = 8760;

export const stepWaitLimitsResponseSchema = successBody(
  z.object({
    /** Hours per step key. */
    limits: z.object(
      Object.fromEntries(formationStepKeys.map((key) => [key, z.number()])) as Record<
        FormationStepKey,
        z.ZodNumber
      >,
    ),
  }),
);
export type StepWaitLimitsResponse = z.infer<typeof stepWaitLimitsResponseSchema>;
