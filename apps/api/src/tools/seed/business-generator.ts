/**
 * Generates one demo business (owner, steps, documents, payments…) as plain
 * data, from its own random stream. Pure: no database, no ids. Ids, emails
 * and manager references are filled in when the batch is written.
 */
import {
  companyTypes,
  countryStates,
  documentFeedbackTitles,
  postFormationCategories,
  stepFeedbackTitles,
  formationStepKeys,
  formationStepNames,
  incorporationCountries,
  incorporationStates,
  industries,
  referralSourceLabels,
  type AccountLevel,
  type FormationStepKey,
  type IncorporationCountry,
  type StepStatus,
} from '@fd/contract';
import { computeCurrentActivity, type CurrentActivity } from '../../lib/formation-activity.ts';
import { Random } from './random.ts';
import {
  businessNameFirstWords,
  businessNameSecondWords,
  commentTexts,
  descriptionTemplates,
  dialCodes,
  emailDomains,
  feedbackMessages,
  firstNames,
  lastNames,
  residenceWeights,
  streetNames,
  streetSuffixes,
  unknownReferralSources,
} from './sample-data.ts';
import { sampleFiles, type SampleFileName } from './sample-files.ts';

const DAY_MS = 24 * 3600 * 1000;
const INCORPORATION_STEP = formationStepKeys.indexOf('incorporation_status');
const STEP_COUNT = formationStepKeys.length;

/** A number in [0, 1) that picks one of the managers when the batch is written. */
type ManagerPick = number;

export interface GeneratedClient {
  firstName: string;
  lastName: string;
  /** The email is `<local>.<user id>@<domain>`: unique across runs of the same seed. */
  emailLocalPart: string;
  emailDomain: string;
  phoneNumber: string;
  countryOfResidence: string;
  stateOfResidence: string;
  residentialAddress: string;
  zipCode: string;
  referralSource: string | null;
  createdAt: Date;
}

export interface GeneratedStep {
  key: FormationStepKey;
  name: string;
  status: StepStatus;
  updatedAt: Date;
  /** Who changed it; null while the step was never touched (PENDING). */
  changedBy: ManagerPick | null;
}

export interface GeneratedBusiness {
  client: GeneratedClient;
  businessName: string;
  businessIndustry: string;
  businessDescription: string | null;
  companyType: string | null;
  countryOfIncorporation: IncorporationCountry;
  stateOfIncorporation: string;
  incorporationNumber: string | null;
  /** YYYY-MM-DD */
  incorporationDate: string | null;
  newBusinessFormationAddress: string | null;
  taxId: string | null;
  nationalIdentificationNumber: string | null;
  companyWebsite: string | null;
  socialLink: string | null;
  isRegisteredCompany: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The twelve steps in canonical order. */
  steps: GeneratedStep[];
  /** Derived from the steps and receipts, exactly as the app keeps them. */
  accountLevel: AccountLevel;
  incorporationStatus: StepStatus;
  currentActivity: CurrentActivity;
  hasManualReceipt: boolean;
  documents: {
    kind: 'kyc' | 'kyb';
    documentTitle: string;
    fileName: string;
    sample: SampleFileName;
    createdAt: Date;
  }[];
  shareholders: { companyOwnerFullName: string; ownershipPercentage: string; isCompany: boolean }[];
  onlinePayments: { amount: string; currency: string; reference: string; paymentDate: Date }[];
  receipts: { fileName: string; sample: SampleFileName; createdAt: Date }[];
  comments: { comment: string; createdAt: Date; author: ManagerPick }[];
  managerLogs: { action: string; category: string; createdAt: Date; author: ManagerPick }[];
  /** Sent to the client about a step: why it failed, or the post-formation document. */
  feedback: {
    stepKey: FormationStepKey;
    feedbackTitle: string;
    messageBody: string;
    attachment: { fileName: string; sample: SampleFileName } | null;
    createdAt: Date;
    author: ManagerPick;
  }[];
  /** Used for the most recent businesses of a run only, so notification lists stay readable. */
  notification: { message: string; status: string; isRead: boolean; createdAt: Date };
}

const kycDocuments = [
  { title: 'International passport', sample: 'passport' },
  { title: 'National ID', sample: 'nationalId' },
  { title: 'Utility bill', sample: 'utilityBill' },
  { title: 'Proof of address', sample: 'utilityBill' },
] as const;
const kybDocuments = [
  { title: 'Certificate of incorporation', sample: 'certificate' },
  { title: 'Memorandum of association', sample: 'companyDocument' },
  { title: 'Business licence', sample: 'companyDocument' },
  { title: 'Bank statement', sample: 'utilityBill' },
] as const;

/** Relative share of each country of incorporation; typed so that a new country must be given one. */
const countryShares: Record<IncorporationCountry, number> = {
  USA: 55,
  UK: 18,
  CANADA: 12,
  UAE: 15,
};
const countryWeights = incorporationCountries.map(
  (country) => [country, countryShares[country]] as const,
);
const companyTypeWeights: readonly (readonly [string | null, number])[] = [
  [companyTypes[0], 55],
  [companyTypes[1], 35],
  [null, 10],
];

/** Registered-agent style addresses, one per state of incorporation. */
const registeredAddresses: Record<string, string> = {
  Colorado: '1600 Broadway, Denver, CO 80202',
  Delaware: '1209 Orange Street, Wilmington, DE 19801',
  Wyoming: '30 N Gould Street, Sheridan, WY 82801',
  Texas: '700 Lavaca Street, Austin, TX 78701',
  'New Mexico': '1209 Mountain Road Pl NE, Albuquerque, NM 87110',
  Ontario: '100 King Street West, Toronto, ON M5X 1A9',
  Dubai: 'Business Bay, Bay Square Building 4, Dubai',
  England: '71-75 Shelton Street, Covent Garden, London WC2H 9JQ',
};
const usStateCodes: Record<string, string> = {
  Colorado: 'CO',
  Delaware: 'DE',
  Wyoming: 'WY',
  Texas: 'TX',
  'New Mexico': 'NM',
};

/** The title a manager picks when a step fails (docs/product.md §4). */
const failureFeedbackTitles: Record<FormationStepKey, string> = {
  payment_status: stepFeedbackTitles[0],
  onboarding_doc_status: stepFeedbackTitles[1],
  document_verification_status: stepFeedbackTitles[1],
  national_id_status: documentFeedbackTitles[1],
  government_id_status: documentFeedbackTitles[0],
  utility_bill_status: documentFeedbackTitles[2],
  incorporation_status: stepFeedbackTitles[2],
  post_doc_formation_status: stepFeedbackTitles[3],
  tax_ein_status: stepFeedbackTitles[5],
  stripe_status: stepFeedbackTitles[6],
  bank_account_status: stepFeedbackTitles[4],
  business_handover_status: stepFeedbackTitles[2],
};

/** What a post-formation step sends, in order: category, message, file name. */
const postFormationDocuments = [
  [
    postFormationCategories[0],
    'Your statement of incorporation has been filed. A copy is attached.',
    'statement-of-incorporation.pdf',
  ],
  [
    postFormationCategories[1],
    'Your certificate of incorporation is ready. You can download it below.',
    'certificate-of-incorporation.pdf',
  ],
] as const;
const sampleFileKilobytes = Math.max(1, Math.round(sampleFiles.certificate.size / 1024));

const statusWord: Record<StepStatus, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  APPROVED: 'Approved',
  FAILED: 'Failed',
};

/** Lower-case ASCII for email addresses and web addresses ("Müller" → "muller", "O'Brien" → "obrien"). */
function slug(text: string, separator: '' | '-' = ''): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join(separator);
}

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Creation times for `count` businesses over the last ~24 months, oldest
 * first, denser towards now (a growing service). Sorted so that ids follow
 * creation order within a run.
 */
export function generateCreationTimes(seed: number, count: number, now: Date): Date[] {
  const random = new Random(seed ^ 0x2545f491);
  const spanMs = 730 * DAY_MS;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const age = spanMs * (1 - Math.sqrt(random.next()));
    times.push(now.getTime() - Math.max(age, 60_000));
  }
  times.sort((a, b) => a - b);
  return times.map((t) => new Date(t));
}

/**
 * How far along the business is: the number of leading APPROVED steps
 * (12 = completed), then the status of the step it waits on. Weighted so
 * that every list tab has plenty of rows.
 */
function generateStepStatuses(random: Random): StepStatus[] {
  const progress = random.weighted<number>([
    [0, 18],
    [1, 4],
    [2, 5],
    [3, 4],
    [4, 4],
    [5, 5],
    [INCORPORATION_STEP, 22],
    [7, 6],
    [8, 5],
    [9, 4],
    [10, 4],
    [11, 3],
    [STEP_COUNT, 16],
  ]);
  const statuses: StepStatus[] = formationStepKeys.map((_, i) =>
    i < progress ? 'APPROVED' : 'PENDING',
  );
  if (progress === STEP_COUNT) return statuses;
  statuses[progress] =
    progress === INCORPORATION_STEP
      ? random.weighted<StepStatus>([
          ['PROCESSING', 55],
          ['PENDING', 30],
          ['FAILED', 15],
        ])
      : random.weighted<StepStatus>([
          ['PROCESSING', 45],
          ['PENDING', 30],
          ['FAILED', 25],
        ]);
  // Some work happens in parallel: identity documents are reviewed while the
  // earlier checks run, Stripe and the bank account while the EIN is pending.
  const parallel = progress < 3 ? [3, 4, 5] : progress === 7 || progress === 8 ? [9, 10] : [];
  for (const i of parallel) {
    if (i > progress && random.chance(0.15)) {
      statuses[i] = random.chance(0.5) ? 'APPROVED' : 'PROCESSING';
    }
  }
  return statuses;
}

/** Multiples of 5, at least 5 each, largest first; each draw leaves the others a fair part of the rest. */
function splitOwnership(random: Random, owners: number): number[] {
  const shares: number[] = [];
  let remaining = 100;
  for (let i = 0; i < owners - 1; i++) {
    const othersMinimum = 5 * (owners - 1 - i);
    const share = 5 * random.int(1, Math.max(1, Math.floor((remaining - othersMinimum) / 5 / 1.5)));
    shares.push(share);
    remaining -= share;
  }
  shares.push(remaining);
  return shares.sort((a, b) => b - a);
}

function generateZipCode(random: Random, country: string): string {
  const letter = () => String.fromCharCode(65 + random.int(0, 25));
  switch (country) {
    case 'USA':
      return random.digits(5);
    case 'Canada':
      return `${letter()}${random.digits(1)}${letter()} ${random.digits(1)}${letter()}${random.digits(1)}`;
    case 'UK':
      return `${letter()}${letter()}${random.int(1, 20)} ${random.digits(1)}${letter()}${letter()}`;
    case 'Nigeria':
      return random.digits(6);
    default:
      return random.digits(random.chance(0.5) ? 5 : 4);
  }
}

function generateIncorporationNumber(
  random: Random,
  country: IncorporationCountry,
  state: string,
  year: number,
): string {
  switch (country) {
    case 'USA':
      return `${usStateCodes[state] ?? 'US'}-${year}-${random.digits(6)}`;
    case 'UK':
      return `${random.int(10, 16)}${random.digits(6)}`;
    case 'CANADA':
      return `${random.int(1000, 1999)}${random.digits(3)}-${random.digits(1)}`;
    case 'UAE':
      return `DED-${year}-${random.digits(6)}`;
  }
}

function generateTaxId(random: Random, country: IncorporationCountry): string {
  switch (country) {
    case 'USA':
      return `${random.digits(2)}-${random.digits(7)}`;
    case 'UK':
      return random.digits(10);
    case 'CANADA':
      return `${random.digits(9)}RC0001`;
    case 'UAE':
      return `100${random.digits(12)}`;
  }
}

/** "Baobab Logistics LLC", "Okafor Digital Inc.", "Summit Labs Ltd" (UK companies are Ltd). */
function generateBusinessName(
  random: Random,
  ownerLastName: string,
  country: IncorporationCountry,
  companyType: string | null,
): string {
  const suffixes: Record<string, string> = { LLC: ' LLC', 'C-corp': ' Inc.' };
  const suffix = country === 'UK' ? ' Ltd' : companyType ? (suffixes[companyType] ?? '') : '';
  const first = random.chance(0.25) ? ownerLastName : random.pick(businessNameFirstWords);
  return `${first} ${random.pick(businessNameSecondWords)}${suffix}`;
}

function generateClient(random: Random, createdAt: Date): GeneratedClient {
  const firstName = random.pick(firstNames);
  const lastName = random.pick(lastNames);
  const countryOfResidence = random.weighted(residenceWeights);
  const referralSource = random.weighted<string | null>([
    [random.pick(Object.keys(referralSourceLabels)), 82],
    [random.pick(unknownReferralSources), 8],
    [null, 10],
  ]);
  return {
    firstName,
    lastName,
    emailLocalPart: `${slug(firstName)}.${slug(lastName)}`,
    emailDomain: random.pick(emailDomains),
    phoneNumber: `${dialCodes[countryOfResidence] ?? '+1'} ${random.int(200, 999)} ${random.digits(3)} ${random.digits(4)}`,
    countryOfResidence,
    stateOfResidence: random.pick(countryStates[countryOfResidence] ?? ['']),
    residentialAddress: `${random.int(1, 250)} ${random.pick(streetNames)} ${random.pick(streetSuffixes)}`,
    zipCode: generateZipCode(random, countryOfResidence),
    referralSource,
    createdAt: new Date(createdAt.getTime() - random.int(0, 3 * 24 * 60) * 60_000),
  };
}

/** Identity documents once past the identity checks; company documents when the company exists. */
function generateDocuments(
  random: Random,
  business: {
    ownerLastName: string;
    pastIdentityChecks: boolean;
    hasCompanyRecords: boolean;
    createdAt: Date;
  },
): GeneratedBusiness['documents'] {
  const documents: GeneratedBusiness['documents'] = [];
  const kycCount = Math.min(4, random.int(0, 2) + (business.pastIdentityChecks ? 2 : 0));
  const kybCount = business.hasCompanyRecords ? random.int(1, 4) : random.int(0, 2);
  for (const [kind, catalogue, count] of [
    ['kyc', kycDocuments, kycCount],
    ['kyb', kybDocuments, kybCount],
  ] as const) {
    const start = random.int(0, catalogue.length - 1);
    for (let i = 0; i < count; i++) {
      const entry = catalogue[(start + i) % catalogue.length]!;
      const extension = sampleFiles[entry.sample].storageKey.split('.').pop();
      documents.push({
        kind,
        documentTitle: entry.title,
        fileName: `${slug(business.ownerLastName)}-${slug(entry.title, '-')}.${extension}`,
        sample: entry.sample,
        createdAt: new Date(business.createdAt.getTime() + random.int(0, 120) * 60_000),
      });
    }
  }
  return documents;
}

/** One to four owners, the client first, with percentages that add up to 100. */
function generateShareholders(random: Random, owner: string): GeneratedBusiness['shareholders'] {
  const owners = random.weighted<number>([
    [1, 45],
    [2, 30],
    [3, 15],
    [4, 10],
  ]);
  return splitOwnership(random, owners).map((share, i) => {
    const isCompany = i > 0 && random.chance(0.2);
    const name =
      i === 0
        ? owner
        : isCompany
          ? `${random.pick(businessNameFirstWords)} Holdings Ltd`
          : `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    return { companyOwnerFullName: name, ownershipPercentage: share.toFixed(2), isCompany };
  });
}

/**
 * Unpaid with a receipt = waiting for a manager to confirm it (the
 * Unconfirmed tab); paid ones mostly paid online, some by a bank transfer a
 * manager confirmed from its receipt.
 */
function generatePayments(
  random: Random,
  business: {
    accountLevel: AccountLevel;
    businessName: string;
    createdAt: Date;
    at: (time: number) => Date;
  },
): Pick<GeneratedBusiness, 'receipts' | 'onlinePayments'> {
  const { accountLevel, createdAt, at } = business;
  const paidManually = accountLevel === 'UNPAID' ? random.chance(0.5) : random.chance(0.3);
  const receipts: GeneratedBusiness['receipts'] = [];
  if (paidManually) {
    const count = random.chance(0.15) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      receipts.push({
        fileName: `transfer-receipt-${i + 1}.png`,
        sample: 'receipt',
        createdAt: new Date(createdAt.getTime() + random.int(10, 48 * 60) * 60_000),
      });
    }
  }
  const onlinePayments: GeneratedBusiness['onlinePayments'] = [];
  if (accountLevel === 'PAID' && (!paidManually || random.chance(0.2))) {
    onlinePayments.push({
      amount: random.pick(['299.00', '499.00', '799.00', '1299.00', '1499.00']),
      currency: 'USD',
      reference: `pi_${random.digits(8)}${slug(business.businessName).slice(0, 6)}${random.digits(6)}`,
      paymentDate: at(createdAt.getTime() + random.int(1, 72 * 60) * 60_000),
    });
  }
  return { receipts, onlinePayments };
}

/**
 * What the managers did: a log line for every step they changed, feedback to
 * the client for each failed step and the post-formation document, and now
 * and then comments (logged too).
 */
function generateManagerWork(
  random: Random,
  business: { steps: readonly GeneratedStep[]; createdAt: Date; at: (time: number) => Date },
): Pick<GeneratedBusiness, 'comments' | 'managerLogs' | 'feedback'> {
  const managerLogs: GeneratedBusiness['managerLogs'] = [];
  const feedback: GeneratedBusiness['feedback'] = [];
  for (const step of business.steps) {
    if (step.changedBy === null) continue;
    const author = step.changedBy;
    managerLogs.push({
      // As the live update logs it (decision 23); seeded steps all start Pending.
      action: `Changed ${step.name} from Pending to ${statusWord[step.status]}`,
      category: step.name,
      createdAt: step.updatedAt,
      author,
    });
    if (step.status === 'FAILED') {
      feedback.push({
        stepKey: step.key,
        feedbackTitle: failureFeedbackTitles[step.key],
        messageBody: random.pick(feedbackMessages),
        attachment: null,
        createdAt: step.updatedAt,
        author,
      });
    } else if (step.key === 'post_doc_formation_status' && step.status !== 'PENDING') {
      // Sent documents for the Docs management list and the file history (decision 24):
      // the statement while the step runs, the certificate too once it is approved.
      const sent = step.status === 'APPROVED' ? 2 : 1;
      for (let i = 0; i < sent; i++) {
        const [title, message, fileName] = postFormationDocuments[i]!;
        feedback.push({
          stepKey: step.key,
          feedbackTitle: title,
          messageBody: message,
          attachment: { fileName, sample: 'certificate' },
          createdAt: new Date(step.updatedAt.getTime() - (sent - 1 - i) * 3_600_000),
          author,
        });
        managerLogs.push({
          action: `Uploaded ${title} (${fileName}, ${sampleFileKilobytes} KB) to the client`,
          category: step.name,
          createdAt: step.updatedAt,
          author,
        });
      }
    }
  }
  const comments: GeneratedBusiness['comments'] = [];
  // Most businesses have a discussion; some have none, so the empty list shows too.
  const commentCount = random.chance(0.6) ? random.int(1, 4) : 0;
  for (let i = 0; i < commentCount; i++) {
    const createdAt = business.at(business.createdAt.getTime() + random.int(1, 60 * 24) * 3600_000);
    const author = random.next();
    comments.push({ comment: random.pick(commentTexts), createdAt, author });
    managerLogs.push({ action: 'Added a comment', category: 'Comment', createdAt, author });
  }
  return { comments, managerLogs, feedback };
}

/** The notification the latest event of the business gave the managers. */
function describeLatestEvent(business: {
  steps: readonly GeneratedStep[];
  currentActivity: CurrentActivity;
  businessName: string;
  owner: string;
}): { message: string; status: string } {
  const { businessName } = business;
  const changed = business.steps.filter((s) => s.changedBy !== null).at(-1);
  if (!changed) {
    return {
      message: `${business.owner} submitted a new business: ${businessName}.`,
      status: 'Processing',
    };
  }
  if (business.currentActivity === null) {
    return { message: `${businessName} has completed every formation step.`, status: 'Completed' };
  }
  const status = statusWord[changed.status];
  return { message: `${businessName}: ${changed.name} is now ${status}.`, status };
}

/** The owner's columns of the users table, as generated (the email is made where it is written). */
export const clientColumns = (client: GeneratedClient) => ({
  firstName: client.firstName,
  lastName: client.lastName,
  countryOfResidence: client.countryOfResidence,
  stateOfResidence: client.stateOfResidence,
  residentialAddress: client.residentialAddress,
  zipCode: client.zipCode,
  phoneNumber: client.phoneNumber,
  referralSource: client.referralSource,
});

/** The columns of the businesses table a client fills in when submitting the business. */
export const submittedBusinessColumns = (generated: GeneratedBusiness) => ({
  businessName: generated.businessName,
  businessIndustry: generated.businessIndustry,
  businessDescription: generated.businessDescription,
  companyType: generated.companyType,
  countryOfIncorporation: generated.countryOfIncorporation,
  stateOfIncorporation: generated.stateOfIncorporation,
  newBusinessFormationAddress: generated.newBusinessFormationAddress,
  companyWebsite: generated.companyWebsite,
  socialLink: generated.socialLink,
  isRegisteredCompany: generated.isRegisteredCompany,
});

/** Generates business number `index` of a run seeded with `seed`, created at `createdAt`. */
export function generateBusiness(
  seed: number,
  index: number,
  createdAt: Date,
  now: Date,
): GeneratedBusiness {
  const random = Random.forItem(seed, index);
  const client = generateClient(random, createdAt);
  const owner = `${client.firstName} ${client.lastName}`;
  const companyType = random.weighted(companyTypeWeights);
  const countryOfIncorporation = random.weighted(countryWeights);
  const stateOfIncorporation = random.pick(incorporationStates[countryOfIncorporation]).value;
  const businessIndustry = random.pick(industries);
  const businessName = generateBusinessName(
    random,
    client.lastName,
    countryOfIncorporation,
    companyType,
  );
  const isRegisteredCompany = random.chance(0.25);
  const statuses = generateStepStatuses(random);

  // Each touched step was changed a little after the one before it.
  let clock = createdAt.getTime();
  const at = (time: number) => new Date(Math.min(time, now.getTime()));
  const steps: GeneratedStep[] = formationStepKeys.map((key, i) => {
    const status = statuses[i]!;
    if (status === 'PENDING')
      return { key, name: formationStepNames[key], status, updatedAt: createdAt, changedBy: null };
    clock += random.int(2, 5 * 24) * 3600_000;
    return {
      key,
      name: formationStepNames[key],
      status,
      updatedAt: at(clock),
      changedBy: random.next(),
    };
  });
  const stepStatus = (key: FormationStepKey) => steps.find((s) => s.key === key)!.status;
  const incorporationStatus = stepStatus('incorporation_status');
  const incorporated = incorporationStatus === 'APPROVED';
  const accountLevel: AccountLevel =
    stepStatus('payment_status') === 'APPROVED' ? 'PAID' : 'UNPAID';
  const lastChange = Math.max(...steps.map((s) => s.updatedAt.getTime()));

  // An existing company was incorporated before it came to us; a new one on the day its step was approved.
  let incorporationDate: Date | null = null;
  if (isRegisteredCompany)
    incorporationDate = new Date(createdAt.getTime() - random.int(200, 3650) * DAY_MS);
  else if (incorporated) incorporationDate = steps[INCORPORATION_STEP]!.updatedAt;
  const hasCompanyRecords = isRegisteredCompany || incorporated;
  const webSlug = slug(businessName.replace(/ (Ltd|Inc\.|LLC)$/, ''), '-');

  const documents = generateDocuments(random, {
    ownerLastName: client.lastName,
    pastIdentityChecks: statuses.slice(0, 3).every((s) => s === 'APPROVED'),
    hasCompanyRecords,
    createdAt,
  });
  const shareholders =
    accountLevel === 'UNPAID' && random.chance(0.3) ? [] : generateShareholders(random, owner);
  const { receipts, onlinePayments } = generatePayments(random, {
    accountLevel,
    businessName,
    createdAt,
    at,
  });
  const { comments, managerLogs, feedback } = generateManagerWork(random, { steps, createdAt, at });
  const currentActivity = computeCurrentActivity(
    steps.map((s) => ({ stepKey: s.key, status: s.status })),
  );
  const notification = describeLatestEvent({ steps, currentActivity, businessName, owner });

  return {
    client,
    businessName,
    businessIndustry,
    businessDescription: random.chance(0.9)
      ? random.pick(descriptionTemplates)(businessIndustry)
      : null,
    companyType,
    countryOfIncorporation,
    stateOfIncorporation,
    incorporationNumber: incorporationDate
      ? generateIncorporationNumber(
          random,
          countryOfIncorporation,
          stateOfIncorporation,
          incorporationDate.getUTCFullYear(),
        )
      : null,
    incorporationDate: incorporationDate ? isoDate(incorporationDate) : null,
    newBusinessFormationAddress:
      hasCompanyRecords || incorporationStatus === 'PROCESSING'
        ? (registeredAddresses[stateOfIncorporation] ?? stateOfIncorporation)
        : null,
    taxId:
      stepStatus('tax_ein_status') === 'APPROVED' || (isRegisteredCompany && random.chance(0.6))
        ? generateTaxId(random, countryOfIncorporation)
        : null,
    nationalIdentificationNumber: random.chance(
      client.countryOfResidence === 'Nigeria' ? 0.35 : 0.04,
    )
      ? random.digits(11)
      : null,
    companyWebsite: (hasCompanyRecords ? random.chance(0.7) : random.chance(0.25))
      ? `https://www.${webSlug}.com`
      : null,
    socialLink: random.chance(0.4) ? `https://www.linkedin.com/company/${webSlug}` : null,
    isRegisteredCompany,
    createdAt,
    updatedAt: new Date(lastChange),
    steps,
    accountLevel,
    incorporationStatus,
    currentActivity,
    hasManualReceipt: receipts.length > 0,
    documents,
    shareholders,
    onlinePayments,
    receipts,
    comments,
    managerLogs,
    feedback,
    notification: { ...notification, isRead: random.chance(0.5), createdAt: new Date(lastChange) },
  };
}
