/**
 * What the crash tests share (crash-recovery.test.ts: one kill per lane; kill-loop.test.ts:
 * kill after kill on one data folder): the businesses and managers they write to, the bytes
 * of each upload, the log lines a write leaves, sign-in and a look at the files folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  API_BASE_PATH,
  formationStepNames,
  loginResponseSchema,
  stepStatusKinds,
  stepStatusLabels,
  type StepStatus,
  type StepStatusKind,
} from '@fd/contract';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { insertBusinessWithSteps, insertOwner } from './manage-records.ts';
import { callApi, createUser, type TestUser } from './test-app.ts';
import { uploadFiles } from './upload-files.ts';

export const POST_FORMATION_STEP = 'post_doc_formation_status';

/** `sent` until answered; `acknowledged` on a 2xx; `refused` on any other answer; `lost` when no answer came. */
export type Outcome = 'sent' | 'acknowledged' | 'refused' | 'lost';

export interface CrashBusiness {
  id: number;
  uuid: string;
  postFormationStepId: number;
}

/** One step whose status a test moves, one update after another. */
export interface ChainStep {
  businessId: number;
  stepId: number;
  kind: StepStatusKind;
  stepName: string;
  /** Where in the test's cycle of statuses this step starts, so that the chains are not all in step. */
  offset: number;
}

/**
 * Migrates, then adds the manager who writes, another active manager (so every write also
 * notifies someone), and `businessCount` businesses with all their steps; a chain for each
 * business and each of `chainKinds`.
 */
export async function setUpCrashFixture(
  database: Database,
  options: { businessCount: number; chainKinds: readonly StepStatusKind[]; cycleLength: number },
): Promise<{ manager: TestUser; businesses: CrashBusiness[]; chains: ChainStep[] }> {
  await database.migrate();
  const manager = await createUser(database, { firstName: 'Crash', lastName: 'Tester' });
  await createUser(database, { firstName: 'Other', lastName: 'Manager' });
  const ownerId = await insertOwner(database.db);
  const rows: CrashBusiness[] = [];
  const chains: ChainStep[] = [];
  for (let index = 0; index < options.businessCount; index++) {
    const business = await insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Crash Test ${index + 1}`,
    });
    rows.push({
      id: business.id,
      uuid: business.uuid,
      postFormationStepId: business.stepIds[POST_FORMATION_STEP],
    });
    options.chainKinds.forEach((kind, k) => {
      const key = stepStatusKinds[kind];
      chains.push({
        businessId: business.id,
        stepId: business.stepIds[key],
        kind,
        stepName: formationStepNames[key],
        // Never starting at PENDING, the status every step starts from.
        offset: (index + k) % (options.cycleLength - 1),
      });
    });
  }
  return { manager, businesses: rows, chains };
}

export async function signInAt(baseUrl: string, user: TestUser): Promise<string> {
  const response = await callApi(baseUrl, 'POST', `${API_BASE_PATH}/auth/login/`, {
    json: { email: user.email, password: user.password },
  });
  expect(response.status, response.text).toBe(200);
  return loginResponseSchema.parse(response.body).token;
}

/** Random bytes shared by every upload's padding (each takes its own slice). */
const padding = randomBytes(1024 * 1024);

/** The bytes of upload `…-n.pdf` or `…-n.png`: a real PDF or PNG followed by 120–400 KB of its own. */
export function contentOf(fileName: string): Buffer {
  const n = Number(/-(\d+)\./.exec(fileName)![1]);
  const base = fileName.endsWith('.png') ? uploadFiles.png.content : uploadFiles.pdf.content;
  const size = 120 * 1024 + ((n * 7919) % (280 * 1024));
  const from = (n * 104_729) % (padding.length - size);
  return Buffer.concat([base, Buffer.from(`\nupload ${n}\n`), padding.subarray(from, from + size)]);
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The log action of a status update (decision 23). */
export const changedAction = (stepName: string, from: StepStatus, to: StepStatus) =>
  `Changed ${stepName} from ${stepStatusLabels[from]} to ${stepStatusLabels[to]}`;

/** The log action of a post-formation upload of `contentOf(fileName)` (decision 24). */
export const uploadAction = (title: string, fileName: string) =>
  `Uploaded ${title} (${fileName}, ${kilobytes(contentOf(fileName).length)}) to the client`;

/** Every file under `dir`, relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
