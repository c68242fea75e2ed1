/**
 * Client activity, played (`npm run simulate`): clients do not use this
 * product, but what they do reaches the managers — a new business submitted,
 * a manual payment receipt uploaded, a document added. Each is written in one
 * transaction with the managers' notifications, through the notifications
 * feature's fan-out (the same as a manager's action), so a running demo stays
 * alive and its notifications have a real source.
 */
import { formationStepKeys, formationStepNames } from '@fd/contract';
import type { Database, Db } from '../../db/client.ts';
import {
  businesses,
  documents,
  formationSteps,
  manualPaymentReceipts,
  shareholders,
  users,
} from '../../db/schema.ts';
import { insertNotificationEvent } from '../../features/notifications/index.ts';
import { clientColumns, generateBusiness, submittedBusinessColumns } from './business-generator.ts';
import { Random } from './random.ts';
import { sampleFiles, writeSampleFiles } from './sample-files.ts';

/** How a client's event reads in a notification (status: its kind; docs/product.md §4 "anything else blue"). */
export const clientEventStatuses = {
  submitted: 'New business',
  receipt: 'Payment receipt',
  document: 'Document',
} as const;

export interface SubmittedBusiness {
  id: number;
  name: string;
}

/** A new business from a new client: every step Pending, its identity documents attached. */
export async function submitBusiness(
  db: Db,
  options: { seed: number; index: number; at: Date },
): Promise<SubmittedBusiness> {
  const { at } = options;
  const generated = generateBusiness(options.seed, options.index, at, at);
  return db.transaction(async (tx) => {
    const { client } = generated;
    const [owner] = await tx
      .insert(users)
      .values({
        email: `${client.emailLocalPart}.sim${options.seed}-${options.index}@${client.emailDomain}`,
        role: 'CLIENT',
        ...clientColumns(client),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: users.id });
    const [business] = await tx
      .insert(businesses)
      .values({
        userId: owner!.id,
        ...submittedBusinessColumns(generated),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: businesses.id });
    const businessId = business!.id;
    await tx.insert(formationSteps).values(
      formationStepKeys.map((key) => ({
        businessId,
        stepKey: key,
        statusItemName: formationStepNames[key],
        status: 'PENDING' as const,
        updatedAt: at,
        statusSince: at,
      })),
    );
    const identity = generated.documents.filter((document) => document.kind === 'kyc');
    if (identity.length > 0) {
      await tx.insert(documents).values(
        identity.map((document) => ({
          businessId,
          kind: document.kind,
          documentTitle: document.documentTitle,
          fileName: document.fileName,
          storageKey: sampleFiles[document.sample].storageKey,
          contentType: sampleFiles[document.sample].contentType,
          size: sampleFiles[document.sample].size,
          createdAt: at,
        })),
      );
    }
    if (generated.shareholders.length > 0) {
      await tx
        .insert(shareholders)
        .values(generated.shareholders.map((holder) => ({ businessId, ...holder })));
    }
    await insertNotificationEvent(tx, {
      businessId,
      message: `${client.firstName} ${client.lastName} submitted a new business, ${generated.businessName}.`,
      status: clientEventStatuses.submitted,
      createdAt: at,
    });
    return { id: businessId, name: generated.businessName };
  });
}

/** A client's event on a business: its row and the managers' notifications, in one transaction. */
async function writeClientEvent(
  db: Db,
  business: SubmittedBusiness,
  at: Date,
  event: { status: string; message: string; write: (tx: Db) => Promise<unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await event.write(tx);
    await insertNotificationEvent(tx, {
      businessId: business.id,
      message: event.message,
      status: event.status,
      createdAt: at,
    });
  });
}

/** The client uploads a manual payment receipt (the business then shows NOT CONFIRMED until paid). */
export async function uploadPaymentReceipt(
  db: Db,
  business: SubmittedBusiness,
  at: Date,
): Promise<void> {
  const file = sampleFiles.receipt;
  await writeClientEvent(db, business, at, {
    status: clientEventStatuses.receipt,
    message: `A manual payment receipt was uploaded for ${business.name}.`,
    write: (tx) =>
      tx.insert(manualPaymentReceipts).values({
        businessId: business.id,
        fileName: 'payment-receipt.png',
        storageKey: file.storageKey,
        contentType: file.contentType,
        size: file.size,
        createdAt: at,
      }),
  });
}

/** The client adds a business (KYB) document. */
export async function addBusinessDocument(
  db: Db,
  business: SubmittedBusiness,
  at: Date,
): Promise<void> {
  const file = sampleFiles.companyDocument;
  await writeClientEvent(db, business, at, {
    status: clientEventStatuses.document,
    message: `A new document was added to ${business.name}: Memorandum and articles of association.`,
    write: (tx) =>
      tx.insert(documents).values({
        businessId: business.id,
        kind: 'kyb',
        documentTitle: 'Memorandum and articles of association',
        fileName: 'memorandum-and-articles.pdf',
        storageKey: file.storageKey,
        contentType: file.contentType,
        size: file.size,
        createdAt: at,
      }),
  });
}

export interface SimulationOptions {
  clients: number;
  /** Events a second. */
  rate: number;
  /** Where the sample files go on PGlite (on PostgreSQL: the database; decision 44). */
  filesDir: string;
  now: () => Date;
  log: (line: string) => void;
  signal?: AbortSignal;
  /** Varies the generated businesses between runs; the clock by default. */
  seed?: number;
}

/**
 * `clients` clients, each submitting a business, then uploading a payment
 * receipt, then adding a document — the events interleaved, `rate` a second.
 * Answers how many events were played (fewer when `signal` stopped it).
 */
export async function simulateClients(
  database: Database,
  options: SimulationOptions,
): Promise<number> {
  const { clients, rate, now, log, signal } = options;
  const seed = options.seed ?? Math.floor(now().getTime() / 1000);
  const random = new Random(seed);
  await writeSampleFiles(database, options.filesDir);
  const submitted: SubmittedBusiness[] = [];
  const nextStep = new Map<SubmittedBusiness, 'receipt' | 'document'>();
  let played = 0;
  let started = 0;
  const interval = 1000 / rate;
  const begin = performance.now();

  while (started < clients || nextStep.size > 0) {
    if (signal?.aborted) break;
    // Timer-driven: event n is due n intervals after the start, however long the others took.
    const wait = begin + played * interval - performance.now();
    if (wait > 0) await sleep(wait, signal);
    if (signal?.aborted) break;
    const waiting = [...nextStep.keys()];
    const startNew = started < clients && (waiting.length === 0 || random.chance(0.5));
    const at = now();
    if (startNew) {
      const business = await submitBusiness(database.db, { seed, index: started, at });
      started += 1;
      submitted.push(business);
      nextStep.set(business, 'receipt');
      log(`New business submitted: ${business.name}`);
    } else {
      const business = random.pick(waiting);
      if (nextStep.get(business) === 'receipt') {
        await uploadPaymentReceipt(database.db, business, at);
        nextStep.set(business, 'document');
        log(`Payment receipt uploaded: ${business.name}`);
      } else {
        await addBusinessDocument(database.db, business, at);
        nextStep.delete(business);
        log(`Document added: ${business.name}`);
      }
    }
    played += 1;
  }
  return played;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
