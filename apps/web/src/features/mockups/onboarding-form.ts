import { z } from 'zod';
import {
  countries,
  countryStates,
  incorporationCountries,
  incorporationStates,
  industries,
  onboardingCompanyTypes,
  type IncorporationCountry,
} from '@fd/contract';
import { urlHintFor } from './texts.ts';

/**
 * The onboarding form (docs/product.md §2.3): its fields, rules and messages. The form is a
 * mock-up that sends nothing, so its schema lives with the screen rather than in the contract,
 * which holds what the API and the web app share.
 */

/** The example address each URL field shows in its hint and its error (docs/product.md §5). */
export const websiteExample = 'www.example.com';
export const linkedinExample = 'www.linkedin.com/company/example';

/** The largest raster logo the upload hint allows (docs/product.md §5). */
const LOGO_MAX_WIDTH = 800;
const LOGO_MAX_HEIGHT = 400;

/** What the file picker offers: the formats of the upload hint. */
export const logoAccept = '.svg,.png,.jpg,.jpeg,.gif';

export const onboardingMessages = {
  companyNameRequired: 'Company name is required.',
  industryRequired: 'Industry is required.',
  registrationCountryRequired: 'Country of registration is required.',
  registrationStateRequired: 'State of registration is required.',
  companyTypeRequired: 'Company type is required.',
  websiteInvalid: urlHintFor(websiteExample),
  linkedinInvalid: urlHintFor(linkedinExample),
  logoType: 'The logo must be an SVG, PNG, JPG or GIF file.',
  logoTooLarge: `The logo must be at most ${LOGO_MAX_WIDTH}x${LOGO_MAX_HEIGHT} pixels.`,
  logoUnreadable: 'The logo could not be read as an image.',
  logoChecking: 'The logo is still being checked. Try again in a moment.',
  ownerNameRequired: 'Owner name is required.',
  percentageRequired: 'Ownership percentage is required.',
  percentageInvalid:
    'Ownership percentage must be a number from 1 to 100, with at most two decimals.',
  percentageTotal: 'Ownership percentages must add up to 100%.',
  fullNameRequired: 'Full name is required.',
  residenceCountryRequired: 'Country of residence is required.',
  residenceStateRequired: 'State of residence is required.',
  addressRequired: 'Address is required.',
  zipRequired: 'ZIP code is required.',
  zipInvalid: 'ZIP code may contain only letters, digits, spaces and hyphens, up to 10 characters.',
  /** Shown after a valid submit: the mock-up calls nothing (docs/product.md §2.3). */
  previewSubmitted:
    'Preview only: the form is valid, but onboarding is not connected yet, so nothing was saved or sent.',
} as const;

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

/**
 * What became of the chosen logo: the file is measured in the browser when it is picked
 * (`checkLogo`), and the form holds the outcome.
 */
const logoSchema = z
  .object({ fileName: z.string(), checking: z.boolean(), problem: z.string().nullable() })
  .nullable()
  .superRefine((logo, ctx) => {
    if (logo?.checking) ctx.addIssue({ code: 'custom', message: m.logoChecking });
    else if (logo?.problem) ctx.addIssue({ code: 'custom', message: logo.problem });
  });

export type LogoCheck = NonNullable<z.input<typeof logoSchema>>;

const isIncorporationCountry = (value: string): value is IncorporationCountry =>
  (incorporationCountries as readonly string[]).includes(value);

/** The states of registration offered for `country`, each with its note if any. */
export const registrationStatesOf = (country: string) =>
  isIncorporationCountry(country) ? incorporationStates[country] : [];

/** The states of residence offered for `country`. */
export const residenceStatesOf = (country: string): readonly string[] =>
  Object.hasOwn(countryStates, country) ? (countryStates[country] ?? []) : [];

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

export type OnboardingForm = z.input<typeof onboardingFormSchema>;
export type OnboardingOwner = OnboardingForm['owners'][number];

export const emptyOwner: OnboardingOwner = { name: '', percentage: '', isCompany: false };

export const onboardingDefaults: OnboardingForm = {
  companyName: '',
  industry: '',
  registrationCountry: '',
  registrationState: '',
  description: '',
  companyType: '',
  website: '',
  linkedinUrl: '',
  logo: null,
  owners: [emptyOwner],
  fullName: '',
  residenceCountry: '',
  residenceState: '',
  address: '',
  zipCode: '',
};

const rasterExtensions = ['.png', '.jpg', '.jpeg', '.gif'];
const logoTypes = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif'];

/** The natural size of an image file, decoded by the browser from memory; null if it cannot be. */
function measureImage(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const finish = (size: { width: number; height: number } | null) => {
      image.onload = null;
      image.onerror = null;
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => finish({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => finish(null);
    image.src = url;
  });
}

/**
 * What is wrong with `file` as the company logo, or null if nothing (docs/product.md §5): an
 * SVG, PNG, JPG or GIF, and a raster image at most 800x400. An SVG is judged by its type alone,
 * as its size is whatever it is drawn at.
 */
export async function checkLogo(file: File): Promise<string | null> {
  const name = file.name.toLowerCase();
  const isSvg = name.endsWith('.svg');
  const isRaster = rasterExtensions.some((extension) => name.endsWith(extension));
  if ((!isSvg && !isRaster) || (file.type !== '' && !logoTypes.includes(file.type))) {
    return m.logoType;
  }
  if (isSvg) return null;
  const size = await measureImage(file);
  if (!size || size.width === 0 || size.height === 0) return m.logoUnreadable;
  return size.width > LOGO_MAX_WIDTH || size.height > LOGO_MAX_HEIGHT ? m.logoTooLarge : null;
}
