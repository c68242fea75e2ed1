/**
 * Test data for the list and detail tests: businesses in every tab, with
 * names made to catch LIKE wildcards (`100%`, `under_score`, a backslash),
 * creation times that tie (stable order), documents and receipts that point
 * at real stored files. Deterministic for a given seed.
 */
import { formationStepKeys, formationStepNames, type StepStatus } from '@fd/contract';
import type { Database } from '../db/client.ts';
import {
  businesses,
  documents,
  formationSteps,
  manualPaymentReceipts,
  onlinePayments,
  shareholders,
  users,
} from '../db/schema.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { Random } from '../tools/seed/random.ts';

/** Names that a wildcard search would match by accident, next to the ones it must match. */
const trickyBusinessNames = [
  'Percent 100% Holdings',
  'Plain 1000 Holdings',
  'Under_score Labs',
  'Harbour Supply',
  'Back\\slash Works',
  "Quote O'Brien Trading",
] as const;

const firstNames = ['Amara', 'Kwame', 'Zainab', 'Sipho', 'Olivia', 'Mateo', 'Hana', 'Yusuf'];
const lastNames = ['Okafor', 'Mensah', 'Ndlovu', 'Garcia', 'Chen', 'Dubois', 'Haile', 'Walker'];
const nameWords = ['Blue', 'Summit', 'Baobab', 'Atlas', 'Zenith', 'Delta', 'Cobalt', 'Amber'];
const nameSuffixes = ['Ventures', 'Labs', 'Holdings', 'Partners', 'Works', 'Foods'];
const domains = ['gmail.com', 'yahoo.com', 'proton.me', 'example.org'];
const countries = ['USA', 'USA', 'UK', 'CANADA', 'UAE', null] as const;
const types = ['LLC', 'LLC', 'C-corp', 'C-corp', null] as const;

export interface FixtureFiles {
  pdf: { storageKey: string; content: Buffer; fileName: string; contentType: string };
  png: { storageKey: string; content: Buffer; fileName: string; contentType: string };
}

/** Two real files in storage; every fixture document points at one of them. */
export async function storeFixtureFiles(storage: FileStorage): Promise<FixtureFiles> {
  const pdfContent = Buffer.from('%PDF-1.4\n% fixture document\n%%EOF\n', 'latin1');
  const pngContent = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const pdf = await storage.put(pdfContent);
  const png = await storage.put(pngContent);
  return {
    pdf: {
      storageKey: pdf.storageKey,
      content: pdfContent,
      fileName: 'Résumé "final" 100%.pdf',
      contentType: 'application/pdf',
    },
    png: {
      storageKey: png.storageKey,
      content: pngContent,
      fileName: 'national-id.png',
      contentType: 'image/png',
    },
  };
}

const DAY_MS = 24 * 3600 * 1000;
const firstDay = Date.UTC(2023, 0, 1);

/**
 * Inserts `count` businesses with their owners, steps, documents, receipts,
 * payments and shareholders. The denormalised columns follow the steps the
 * way the app keeps them (docs/architecture.md §4).
 */
export async function insertFixtureBusinesses(
  { db }: Database,
  { count, seed, files }: { count: number; seed: number; files: FixtureFiles },
): Promise<void> {
  const random = new Random(seed);
  let createdAt = firstDay;

  for (let index = 0; index < count; index++) {
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const email = `${firstName}.${lastName}.${seed}-${index}@${random.pick(domains)}`.toLowerCase();
    const businessName =
      index < trickyBusinessNames.length
        ? trickyBusinessNames[index]!
        : `${random.pick(nameWords)} ${random.pick(nameSuffixes)} ${index}`;
    // Every fifth business shares its creation time with the one before: ties break by id.
    if (index % 5 !== 4) createdAt += random.int(1, 5) * DAY_MS + random.int(0, DAY_MS);

    // Weighted so that every tab (Processing, Unconfirmed…) has more than one page.
    const incorporationStep = formationStepKeys.indexOf('incorporation_status');
    const roll = random.next();
    const progress =
      roll < 0.25 ? 0 : roll < 0.55 ? incorporationStep : random.int(0, formationStepKeys.length);
    const statuses: StepStatus[] = formationStepKeys.map((_, i) =>
      i < progress ? 'APPROVED' : 'PENDING',
    );
    if (progress < formationStepKeys.length) {
      statuses[progress] = random.pick(['PENDING', 'PROCESSING', 'PROCESSING', 'FAILED'] as const);
    }
    const steps = formationStepKeys.map((stepKey, i) => ({ stepKey, status: statuses[i]! }));
    const paid = statuses[0] === 'APPROVED';
    const receiptCount = random.next() < 0.4 ? random.int(1, 2) : 0;

    const [owner] = await db
      .insert(users)
      .values({
        email,
        role: 'CLIENT',
        firstName,
        lastName,
        countryOfResidence: 'Nigeria',
        stateOfResidence: 'Lagos',
        residentialAddress: `${index + 1} Allen Avenue`,
        zipCode: '100001',
        phoneNumber: `+234 800 000 ${String(index).padStart(4, '0')}`,
        referralSource: random.pick(['Facebook', 'Ads', 'TikTok', null]),
      })
      .returning({ id: users.id });
    const [business] = await db
      .insert(businesses)
      .values({
        userId: owner!.id,
        businessName,
        businessIndustry: random.pick(['Accountant', 'Real Estate', null]),
        businessDescription: random.next() < 0.8 ? `A fixture business number ${index}.` : null,
        companyType: random.pick(types),
        countryOfIncorporation: random.pick(countries),
        stateOfIncorporation: random.pick(['Delaware', 'England', null]),
        incorporationNumber:
          statuses[incorporationStep] === 'APPROVED' ? `INC-${seed}-${index}` : null,
        incorporationDate: statuses[incorporationStep] === 'APPROVED' ? '2024-02-29' : null,
        newBusinessFormationAddress: random.next() < 0.5 ? '1209 Orange Street' : null,
        taxId: random.next() < 0.5 ? `12-${String(index).padStart(7, '0')}` : null,
        nationalIdentificationNumber: random.next() < 0.5 ? `NIN${index}` : null,
        companyWebsite: random.next() < 0.5 ? `https://b${index}.example.com` : null,
        socialLink: random.next() < 0.5 ? `https://linkedin.com/company/b${index}` : null,
        isRegisteredCompany: random.next() < 0.3,
        createdAt: new Date(createdAt),
      })
      .returning({ id: businesses.id });
    const businessId = business!.id;

    await db.insert(formationSteps).values(
      steps.map(({ stepKey, status }) => ({
        businessId,
        stepKey,
        status,
        statusItemName: formationStepNames[stepKey],
      })),
    );
    const documentRows = [
      ...Array.from({ length: random.int(0, 3) }, (_, i) => ({ kind: 'kyc', i })),
      ...Array.from({ length: random.int(0, 2) }, (_, i) => ({ kind: 'kyb', i })),
    ].map(({ kind, i }) => {
      const file = random.next() < 0.5 ? files.pdf : files.png;
      return {
        businessId,
        kind,
        documentTitle: `${kind.toUpperCase()} document ${i + 1}`,
        fileName: file.fileName,
        storageKey: file.storageKey,
        contentType: file.contentType,
        size: file.content.length,
        createdAt: new Date(createdAt + (i + 1) * 60_000),
      };
    });
    if (documentRows.length > 0) await db.insert(documents).values(documentRows);
    if (receiptCount > 0) {
      await db.insert(manualPaymentReceipts).values(
        Array.from({ length: receiptCount }, () => ({
          businessId,
          fileName: files.png.fileName,
          storageKey: files.png.storageKey,
          contentType: files.png.contentType,
          size: files.png.content.length,
        })),
      );
    }
    if (paid) {
      await db.insert(onlinePayments).values({
        businessId,
        amount: '499.50',
        currency: 'USD',
        reference: `PAY-${seed}-${index}`,
        paymentDate: new Date(createdAt + DAY_MS),
      });
    }
    await db.insert(shareholders).values(
      Array.from({ length: random.int(1, 2) }, (_, i) => ({
        businessId,
        companyOwnerFullName: i === 0 ? `${firstName} ${lastName}` : 'Holding Co',
        ownershipPercentage: i === 0 ? '62.50' : '37.50',
        isCompany: i > 0,
      })),
    );
  }
}
