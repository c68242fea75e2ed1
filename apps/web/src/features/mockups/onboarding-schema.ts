/**
 * The onboarding form's rules (docs/product.md §5), as a zod schema: in a module of its own so
 * that it, and zod, load on the form's first check rather than with the screen
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  countries,
  incorporationCountries,
  industries,
  onboardingCompanyTypes,
} from '@fd/contract';
import {
  onboardingMessages,
  registrationStatesOf,
  residenceStatesOf,
  type LogoCheck,
  type OnboardingForm,
} from './onboarding-form.ts';

const m = onboardingMessages;

/**
 * http://, https://, ftp:// or www., then a host with at least one dot, an optional port and an
 * optional path, query or fragment (docs/product.md §5).
 */
const label = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const urlPattern = new RegExp(
  `^(?:(?:https?|ftp)://|www\\.)${label}(?:\\.${label})+(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  'i',
);

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || urlPattern.test(value), message);

const required = (message: string) => z.string().trim().min(1, message);

/** A choice of `values`, or the empty placeholder option, which `message` refuses. */
const choice = (values: readonly string[], message: string) =>
  z
    .string()
    .min(1, message)
    .refine((value) => value === '' || values.includes(value), message);

/** Up to three digits and at most two decimals; the range is checked on the number. */
const percentagePattern = /^\d{1,3}(?:\.\d{1,2})?$/;

/** A percentage in hundredths, or null when it is not a valid one. */
function hundredthsOf(percentage: string): number | null {
  const text = percentage.trim();
  if (!percentagePattern.test(text)) return null;
  const hundredths = Math.round(Number(text) * 100);
  return hundredths >= 100 && hundredths <= 10_000 ? hundredths : null;
}

const ownerSchema = z.object({
  name: required(m.ownerNameRequired),
  percentage: z
    .string()
    .trim()
    .min(1, m.percentageRequired)
    .refine((value) => value === '' || hundredthsOf(value) !== null, m.percentageInvalid),
  isCompany: z.boolean(),
});

/** The outcome of `checkLogo` the form holds: a logo still being measured, or refused, fails. */
const logoSchema = z
  .object({ fileName: z.string(), checking: z.boolean(), problem: z.string().nullable() })
  .nullable()
  .superRefine((logo, ctx) => {
    if (logo?.checking) ctx.addIssue({ code: 'custom', message: m.logoChecking });
    else if (logo?.problem) ctx.addIssue({ code: 'custom', message: logo.problem });
  });

export const onboardingFormSchema = z
  .object({
    companyName: required(m.companyNameRequired),
    industry: choice(industries, m.industryRequired),
    registrationCountry: choice(incorporationCountries, m.registrationCountryRequired),
    registrationState: z.string(),
    description: z.string(),
    companyType: choice(onboardingCompanyTypes, m.companyTypeRequired),
    website: optionalUrl(m.websiteInvalid),
    linkedinUrl: optionalUrl(m.linkedinInvalid),
    logo: logoSchema,
    owners: z.array(ownerSchema).min(1).max(4),
    fullName: required(m.fullNameRequired),
    residenceCountry: choice(countries, m.residenceCountryRequired),
    residenceState: z.string(),
    address: required(m.addressRequired),
    zipCode: z
      .string()
      .trim()
      .min(1, m.zipRequired)
      .refine(
        (value) => value === '' || /^(?=.*[a-z0-9])[a-z0-9 -]{1,10}$/i.test(value),
        m.zipInvalid,
      ),
  })
  .superRefine((form, ctx) => {
    // A state is asked for only once its country is known and has states to choose from.
    const registrationStates = registrationStatesOf(form.registrationCountry);
    if (
      registrationStates.length > 0 &&
      !registrationStates.some((state) => state.value === form.registrationState)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: m.registrationStateRequired,
        path: ['registrationState'],
      });
    }
    const residenceStates = residenceStatesOf(form.residenceCountry);
    if (residenceStates.length > 0 && !residenceStates.includes(form.residenceState)) {
      ctx.addIssue({ code: 'custom', message: m.residenceStateRequired, path: ['residenceState'] });
    }
    // The total is judged only once every share is a valid number; until then each field says
    // what is wrong with it.
    const shares = form.owners.map((owner) => hundredthsOf(owner.percentage));
    if (shares.every((share) => share !== null)) {
      const total = shares.reduce<number>((sum, share) => sum + (share ?? 0), 0);
      if (total !== 10_000) {
        ctx.addIssue({ code: 'custom', message: m.percentageTotal, path: ['owners'] });
      }
    }
  });

// The hand-written form types are the schema's input, field for field.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesAgree: [
  Same<NonNullable<z.input<typeof logoSchema>>, LogoCheck>,
  Same<z.input<typeof onboardingFormSchema>, OnboardingForm>,
] = [true, true];
void typesAgree;

/** The form's resolver: what `lazyResolver` loads on the form's first check. */
export const onboardingResolver = zodResolver(onboardingFormSchema);
