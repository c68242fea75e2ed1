/**
 * The accounts the end-to-end specs sign in with. Each spec owns its accounts,
 * so specs never depend on each other's password changes. e2e/serve.ts
 * creates them before the server starts.
 */
import os from 'node:os';
import path from 'node:path';

/** 4310 unless `E2E_PORT` names another, so two runs on one machine need not share a port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_DATA_DIR = path.join(
  os.tmpdir(),
  E2E_PORT === 4310 ? 'formation-desk-e2e' : `formation-desk-e2e-${E2E_PORT}`,
);

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'MANAGER' | 'CLIENT';
}

export const accounts = {
  journey: {
    email: 'journey.manager@e2e.test',
    password: 'journey-start-1',
    firstName: 'Ngozi',
    lastName: 'Eze',
    role: 'MANAGER',
  },
  shell: {
    email: 'shell.manager@e2e.test',
    password: 'shell-password-1',
    firstName: 'Tunde',
    lastName: 'Bakare',
    role: 'MANAGER',
  },
  businesses: {
    email: 'businesses.manager@e2e.test',
    password: 'businesses-password-1',
    firstName: 'Kemi',
    lastName: 'Adeleke',
    role: 'MANAGER',
  },
  businessDetails: {
    email: 'details.manager@e2e.test',
    password: 'details-password-1',
    firstName: 'Segun',
    lastName: 'Afolabi',
    role: 'MANAGER',
  },
  documents: {
    email: 'documents.manager@e2e.test',
    password: 'documents-password-1',
    firstName: 'Halima',
    lastName: 'Bello',
    role: 'MANAGER',
  },
  manage: {
    email: 'manage.manager@e2e.test',
    password: 'manage-password-1',
    firstName: 'Bisi',
    lastName: 'Okonkwo',
    role: 'MANAGER',
  },
  /** Writes one comment on a manage fixture (e2e/serve.ts): a comment that is not the manage manager's own. */
  manageColleague: {
    email: 'manage.colleague@e2e.test',
    password: 'colleague-password-1',
    firstName: 'Ifeoma',
    lastName: 'Chukwu',
    role: 'MANAGER',
  },
  /** Acts on the notifications fixture (e2e/tests/notifications*.spec.ts); notifyB is notified. */
  notifyA: {
    email: 'notify.actor@e2e.test',
    password: 'notify-actor-password-1',
    firstName: 'Amara',
    lastName: 'Obi',
    role: 'MANAGER',
  },
  /** Watches the bell while notifyA acts (e2e/tests/notifications*.spec.ts). */
  notifyB: {
    email: 'notify.watcher@e2e.test',
    password: 'notify-watcher-password-1',
    firstName: 'Dayo',
    lastName: 'Fashola',
    role: 'MANAGER',
  },
  client: {
    email: 'client.owner@e2e.test',
    password: 'client-password-1',
    firstName: 'Chidi',
    lastName: 'Okeke',
    role: 'CLIENT',
  },
  /** Signed in on every screen that e2e/tests/accessibility.spec.ts checks. */
  a11y: {
    email: 'a11y.manager@e2e.test',
    password: 'a11y-password-1',
    firstName: 'Zainab',
    lastName: 'Musa',
    role: 'MANAGER',
  },
  /**
   * Walks the password recovery of e2e/tests/accessibility.spec.ts, which resets its password
   * (a reset signs out the account's sessions, so it is not accounts.a11y).
   */
  a11yRecovery: {
    email: 'a11y.recovery@e2e.test',
    password: 'a11y-recovery-password-1',
    firstName: 'Emeka',
    lastName: 'Nwachukwu',
    role: 'MANAGER',
  },
  /** Walks every screen at a phone's width in e2e/tests/phone.spec.ts (the sign-in included). */
  phone: {
    email: 'phone.manager@e2e.test',
    password: 'phone-password-1',
    firstName: 'Adaobi',
    lastName: 'Okafor',
    role: 'MANAGER',
  },
  /** Reads the business list while others change it (e2e/tests/live-lists.spec.ts). */
  liveReader: {
    email: 'live.reader@e2e.test',
    password: 'live-reader-password-1',
    firstName: 'Uche',
    lastName: 'Nwosu',
    role: 'MANAGER',
  },
  /** Changes a business while liveReader reads the list. */
  liveColleague: {
    email: 'live.colleague@e2e.test',
    password: 'live-colleague-password-1',
    firstName: 'Funke',
    lastName: 'Adebayo',
    role: 'MANAGER',
  },
  /** Walks the static mock-ups of e2e/tests/static-screens.spec.ts. */
  mockups: {
    email: 'mockups.manager@e2e.test',
    password: 'mockups-password-1',
    firstName: 'Adaeze',
    lastName: 'Nnamdi',
    role: 'MANAGER',
  },
  /** The quick jump, Go back, failures and widths of e2e/tests/lists.spec.ts. */
  lists: {
    email: 'lists.manager@e2e.test',
    password: 'lists-password-1',
    firstName: 'Tope',
    lastName: 'Alabi',
    role: 'MANAGER',
  },
  /** Assigns a business to assignmentAssignee (e2e/tests/assignment.spec.ts). */
  assigner: {
    email: 'assigner.manager@e2e.test',
    password: 'assigner-password-1',
    firstName: 'Nneka',
    lastName: 'Ibe',
    role: 'MANAGER',
  },
  /** Is given a business, and hears of it live. */
  assignmentAssignee: {
    email: 'assignee.manager@e2e.test',
    password: 'assignee-password-1',
    firstName: 'Bayo',
    lastName: 'Ojo',
    role: 'MANAGER',
  },
  /** Works the queue of e2e/tests/work-queue.spec.ts. */
  queue: {
    email: 'queue.manager@e2e.test',
    password: 'queue-password-1',
    firstName: 'Ronke',
    lastName: 'Adeyemi',
    role: 'MANAGER',
  },
  /** The CSV export of e2e/tests/business-export.spec.ts (one export at a time per manager). */
  exports: {
    email: 'exports.manager@e2e.test',
    password: 'exports-password-1',
    firstName: 'Bisi',
    lastName: 'Ogun',
    role: 'MANAGER',
  },
  /** Saves a shaped list as a view and shares its link (e2e/tests/saved-views.spec.ts). */
  viewsOwner: {
    email: 'views.owner@e2e.test',
    password: 'views-owner-password-1',
    firstName: 'Chidi',
    lastName: 'Obi',
    role: 'MANAGER',
  },
  /** Opens viewsOwner's link: the same list, and none of viewsOwner's views. */
  viewsColleague: {
    email: 'views.colleague@e2e.test',
    password: 'views-colleague-password-1',
    firstName: 'Zainab',
    lastName: 'Musa',
    role: 'MANAGER',
  },
  /** Views documents in place and drops files on docs management (e2e/tests/document-viewer.spec.ts). */
  viewer: {
    email: 'viewer.manager@e2e.test',
    password: 'viewer-password-1',
    firstName: 'Ifeoma',
    lastName: 'Okafor',
    role: 'MANAGER',
  },
  /** Acts on many businesses at once (e2e/tests/bulk-actions.spec.ts). */
  bulk: {
    email: 'bulk.manager@e2e.test',
    password: 'bulk-password-1',
    firstName: 'Ronke',
    lastName: 'Balogun',
    role: 'MANAGER',
  },
  /** Hears of bulkActor's changes, one notification per business. */
  bulkWatcher: {
    email: 'bulk.watcher@e2e.test',
    password: 'bulk-watcher-password-1',
    firstName: 'Obinna',
    lastName: 'Eke',
    role: 'MANAGER',
  },
  /** Sends feedback and an upload on timelineBusiness (e2e/tests/timeline.spec.ts). */
  timelineActor: {
    email: 'timeline.actor@e2e.test',
    password: 'timeline-actor-password-1',
    firstName: 'Adaeze',
    lastName: 'Okoro',
    role: 'MANAGER',
  },
  /** Watches timelineBusiness's timeline, and sees timelineActor's events arrive live. */
  timelineWatcher: {
    email: 'timeline.watcher@e2e.test',
    password: 'timeline-watcher-password-1',
    firstName: 'Emeka',
    lastName: 'Nwankwo',
    role: 'MANAGER',
  },
  /** Drives the app by its keyboard shortcuts (e2e/tests/keyboard.spec.ts). */
  keyboard: {
    email: 'keyboard.manager@e2e.test',
    password: 'keyboard-password-1',
    firstName: 'Kelechi',
    lastName: 'Nnamdi',
    role: 'MANAGER',
  },
  /** Reads the insights and checks them against the API's lists (e2e/tests/insights.spec.ts). */
  insights: {
    email: 'insights.manager@e2e.test',
    password: 'insights-password-1',
    firstName: 'Amara',
    lastName: 'Nwosu',
    role: 'MANAGER',
  },
} satisfies Record<string, Account>;

/** Businesses the specs look for by name, besides the demo data. */
export const fixtureBusinesses = {
  /** No documents, no shareholders, no receipts: every empty text shows. */
  empty: {
    name: 'Zephyr Empty Holdings',
    ownerEmail: 'zephyr.owner@e2e.test',
    ownerFirst: 'Amaka',
    ownerLast: 'Nwosu',
  },
  /** Has a national identification number (shown as NIN only when present). */
  withNin: {
    name: 'Quill NIN Ventures',
    ownerEmail: 'quill.owner@e2e.test',
    ownerFirst: 'Femi',
    ownerLast: 'Adebayo',
    nin: 'NIN-7781-2290',
  },
} as const;

/** The details a manage fixture starts with; null shows Nil. */
interface ManageFixtureDetails {
  businessIndustry: string | null;
  companyType: string | null;
  countryOfIncorporation: string | null;
  stateOfIncorporation: string | null;
  incorporationNumber: string | null;
  newBusinessFormationAddress: string | null;
  incorporationDate: string | null;
  taxId: string | null;
}

export interface ManageFixture {
  name: string;
  ownerEmail: string;
  ownerFirst: string;
  ownerLast: string;
  details: ManageFixtureDetails;
  /** Documents the owner sent, pointing at the demo's sample files (seed/sample-files.ts). */
  documents?: readonly {
    kind: 'kyc' | 'kyb';
    title: string;
    sample: 'passport' | 'nationalId' | 'utilityBill';
  }[];
  /** A comment the colleague manager (accounts.manageColleague) wrote. */
  colleagueComment?: string;
}

const bareDetails: ManageFixtureDetails = {
  businessIndustry: null,
  companyType: null,
  countryOfIncorporation: null,
  stateOfIncorporation: null,
  incorporationNumber: null,
  newBusinessFormationAddress: null,
  incorporationDate: null,
  taxId: null,
};

/**
 * The businesses of e2e/tests/manage-business.spec.ts, one per test so the tests
 * do not depend on each other's writes. e2e/serve.ts gives each all twelve
 * formation steps (Pending), no logs, feedback or comments beyond those named
 * here, and a creation date long before the demo's, so they sit at the end of
 * every list and leave the other specs' first pages as they were.
 */
export const manageBusinesses = {
  /** Opened from the list; most details empty (Nil). */
  journey: {
    name: 'Alder Journey Outfitters',
    ownerEmail: 'alder.owner@e2e.test',
    ownerFirst: 'Tobi',
    ownerLast: 'Alade',
    details: {
      ...bareDetails,
      countryOfIncorporation: 'UK',
      stateOfIncorporation: 'England',
      incorporationNumber: 'INC-ALD-3310',
    },
  },
  /** Every detail edited. */
  edit: {
    name: 'Birch Edit Trading',
    ownerEmail: 'birch.owner@e2e.test',
    ownerFirst: 'Yemi',
    ownerLast: 'Ogun',
    details: {
      businessIndustry: 'Accountant',
      companyType: 'LLC',
      countryOfIncorporation: 'USA',
      stateOfIncorporation: 'Delaware',
      incorporationNumber: 'INC-BIR-0042',
      newBusinessFormationAddress: '12 Harbour Road, Wilmington',
      incorporationDate: '2019-06-03',
      taxId: null,
    },
  },
  /** Steps moved to Processing, Approved and (Tax) Done. */
  status: {
    name: 'Cedar Status Partners',
    ownerEmail: 'cedar.owner@e2e.test',
    ownerFirst: 'Uche',
    ownerLast: 'Obi',
    details: { ...bareDetails, countryOfIncorporation: 'USA', stateOfIncorporation: 'Wyoming' },
  },
  /** Steps failed with a report, with and without a file. */
  report: {
    name: 'Delta Report Logistics',
    ownerEmail: 'delta.owner@e2e.test',
    ownerFirst: 'Kunle',
    ownerLast: 'Ade',
    details: { ...bareDetails, countryOfIncorporation: 'CANADA', stateOfIncorporation: 'Ontario' },
  },
  /** A post-formation upload; the owner sent two documents (the file history's received side). */
  docs: {
    name: 'Elm Docs Studio',
    ownerEmail: 'elm.owner@e2e.test',
    ownerFirst: 'Ada',
    ownerLast: 'Eke',
    details: { ...bareDetails, countryOfIncorporation: 'UAE', stateOfIncorporation: 'Dubai' },
    documents: [
      { kind: 'kyc', title: 'International passport', sample: 'passport' },
      { kind: 'kyb', title: 'Utility bill', sample: 'utilityBill' },
    ],
  },
  /** Comments written and deleted, beside a colleague's. */
  comments: {
    name: 'Fir Comments Collective',
    ownerEmail: 'fir.owner@e2e.test',
    ownerFirst: 'Nneka',
    ownerLast: 'Obiora',
    details: bareDetails,
    colleagueComment: 'Called the owner about the address; waiting for the utility bill.',
  },
  /** Nothing happened yet: no logs, no attachments, no documents, no comments. */
  quiet: {
    name: 'Gale Quiet Ventures',
    ownerEmail: 'gale.owner@e2e.test',
    ownerFirst: 'Sade',
    ownerLast: 'Bello',
    details: bareDetails,
  },
  /** Moved by the keyboard's shortcuts and the command menu (e2e/tests/keyboard.spec.ts). */
  keys: {
    name: 'Juniper Keys Works',
    ownerEmail: 'juniper.owner@e2e.test',
    ownerFirst: 'Chidi',
    ownerLast: 'Okoro',
    details: bareDetails,
  },
  /** Assigned from the list's highlighted row (e2e/tests/keyboard.spec.ts). */
  keysRow: {
    name: 'Kapok Keys Row Supply',
    ownerEmail: 'kapok.owner@e2e.test',
    ownerFirst: 'Ada',
    ownerLast: 'Eze',
    details: bareDetails,
  },
} satisfies Record<string, ManageFixture>;

/**
 * The business of the notifications specs (e2e/notifications-journey.ts): notifyA fails one of
 * its steps and comments on it. Written like the manage fixtures (every step Pending, dated
 * with them), so that it stays out of the other specs' first pages.
 */
export const notificationsBusiness = {
  name: 'Hazel Notify Traders',
  ownerEmail: 'hazel.owner@e2e.test',
  ownerFirst: 'Bola',
  ownerLast: 'Ige',
  details: { ...bareDetails, countryOfIncorporation: 'UK', stateOfIncorporation: 'England' },
} satisfies ManageFixture;

/**
 * The business of e2e/tests/timeline.spec.ts: nothing has happened to it until timelineActor
 * acts. Written like the manage fixtures (every step Pending, dated with them).
 */
export const timelineBusiness = {
  name: 'Iroko Timeline Foods',
  ownerEmail: 'iroko.owner@e2e.test',
  ownerFirst: 'Chioma',
  ownerLast: 'Eze',
  details: { ...bareDetails, countryOfIncorporation: 'UK', stateOfIncorporation: 'England' },
} satisfies ManageFixture;

/**
 * The business of e2e/tests/document-viewer.spec.ts: a PDF and an image among its identity
 * documents (the demo's sample files, real ones built in code), written like the manage
 * fixtures.
 */
export const viewerBusiness = {
  name: 'Juniper Viewer Holdings',
  ownerEmail: 'juniper.viewer@e2e.test',
  ownerFirst: 'Chiamaka',
  ownerLast: 'Uzo',
  details: { ...bareDetails, countryOfIncorporation: 'UK', stateOfIncorporation: 'England' },
  documents: [
    { kind: 'kyc', title: 'International passport', sample: 'passport' },
    { kind: 'kyc', title: 'National ID', sample: 'nationalId' },
    { kind: 'kyb', title: 'Utility bill', sample: 'utilityBill' },
  ],
} satisfies ManageFixture;

/** When the manage fixtures were created: before any demo business. */
export const MANAGE_FIXTURES_CREATED_AT = '2001-01-01T09:00:00Z';
