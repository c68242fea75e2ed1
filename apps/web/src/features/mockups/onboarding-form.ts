import {
  countryStates,
  incorporationCountries,
  incorporationStates,
  type IncorporationCountry,
} from '@fd/contract';
import { urlHintFor } from './texts.ts';

/**
 * The onboarding form (docs/product.md §2.3): its fields, messages and defaults. The form is a
 * mock-up that sends nothing, so its schema lives with the screen rather than in the contract,
 * which holds what the API and the web app share; the schema is in onboarding-schema.ts, loaded
 * (with zod) on the form's first check, not with the screen
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
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

const isIncorporationCountry = (value: string): value is IncorporationCountry =>
  (incorporationCountries as readonly string[]).includes(value);

/** The states of registration offered for `country`, each with its note if any. */
export const registrationStatesOf = (country: string) =>
  isIncorporationCountry(country) ? incorporationStates[country] : [];

/** The states of residence offered for `country`. */
export const residenceStatesOf = (country: string): readonly string[] =>
  Object.hasOwn(countryStates, country) ? (countryStates[country] ?? []) : [];

/**
 * What became of the chosen logo: the file is measured in the browser when it is picked
 * (`checkLogo`), and the form holds the outcome.
 */
export interface LogoCheck {
  fileName: string;
  checking: boolean;
  problem: string | null;
}

export interface OnboardingOwner {
  name: string;
  percentage: string;
  isCompany: boolean;
}

/** The form's values as typed; onboarding-schema.ts checks them (and a type check holds the two together). */
export interface OnboardingForm {
  companyName: string;
  industry: string;
  registrationCountry: string;
  registrationState: string;
  description: string;
  companyType: string;
  website: string;
  linkedinUrl: string;
  logo: LogoCheck | null;
  owners: OnboardingOwner[];
  fullName: string;
  residenceCountry: string;
  residenceState: string;
  address: string;
  zipCode: string;
}

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
