/**
 * Two instances on one PostgreSQL database, each with an empty files folder of its own
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md): a file uploaded through
 * one downloads through the other, and so do the seed's samples, since both live in the database.
 * PostgreSQL lane only (DATABASE_URL); PGlite belongs to one process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import {
  businessDetailResponseSchema,
  feedbackCreateResponseSchema,
  postFormationAttachmentsResponseSchema,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import * as records from '../../test/manage-records.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { uploadFiles } from '../../test/upload-files.ts';
import { sampleFiles, seedBusinesses } from '../../tools/seed/index.ts';

const postgresLane = lanes.find((lane) => lane.name === 'postgres');

describe.skipIf(!postgresLane)('files shared by two instances on PostgreSQL', () => {
  let database: TestDatabase;
  /** The second instance's own connections, as another process would have. */
  let secondDatabase: Database;
  let first: TestApp;
  let second: TestApp;
  let manager: TestUser;

  beforeAll(async () => {
    database = await postgresLane!.open();
    secondDatabase = await openDatabase({ url: database.url! }, 3);
    first = await startTestApp({ database });
    second = await startTestApp({ database: secondDatabase });
    manager = await createUser(database);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDatabase?.close();
    await database?.dispose();
  });

  const folderOf = (instance: TestApp) =>
    existsSync(instance.config.filesDir) ? readdirSync(instance.config.filesDir) : [];

  it('an upload through one instance downloads through the other, byte for byte', async () => {
    const ownerId = await records.insertOwner(database.db);
    const business = await records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: 'Shared Files',
    });
    const stepId = business.stepIds.post_doc_formation_status;
    // A real PDF followed by a megabyte of its own: several 256 KiB chunks.
    const content = Buffer.concat([uploadFiles.pdf.content, randomBytes(1024 * 1024 + 17)]);
    const form = new FormData();
    form.append('file', new Blob([content]), 'certificate.pdf');
    form.append('feedbackTitle', 'Certificate of incorporation');
    form.append('statusItemId', String(stepId));
    form.append('messageBody', 'Your certificate is ready.');
    form.append('businessId', business.uuid);
    form.append('fileURL', '');

    const atFirst = await signIn(first, manager);
    const upload = await fetch(
      `${first.baseUrl}/api/v1/manager/business/feedback/post-doc-formation/upload/`,
      { method: 'POST', body: form, headers: { authorization: `Bearer ${atFirst.token}` } },
    );
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect(feedbackCreateResponseSchema.parse(await upload.json()).data.file_size).toBe(
      content.length,
    );

    const atSecond = await signIn(second, manager);
    const listed = await callApi(
      second.baseUrl,
      'GET',
      `/api/v1/manager/business/feedback/post-doc-formation/${stepId}/attachments/`,
      { token: atSecond.token },
    );
    expect(listed.status, listed.text).toBe(200);
    const [item] = postFormationAttachmentsResponseSchema.parse(listed.body).data
      .post_doc_feedback_attachments;
    const download = await fetch(second.baseUrl + item!.attachment_file!);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get('content-length'))).toBe(content.length);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);

    // Neither instance wrote the file into its folder.
    expect(folderOf(first)).toEqual([]);
    expect(folderOf(second)).toEqual([]);
  });

  it("the seed's sample files, stored once in the database, download through either", async () => {
    // Seeded beside the first instance (its folder named, as the seed tool names it).
    await seedBusinesses(database, {
      count: 3,
      seed: 5,
      filesDir: first.config.filesDir,
      log: () => {},
    });
    const [seeded] = await queryRows<{ uuid: string }>(
      database.db,
      sql`select b.uuid from businesses b join documents d on d.business_id = b.id limit 1`,
    );
    const token = (await signIn(second, manager)).token;
    const detail = await callApi(
      second.baseUrl,
      'GET',
      `/api/v1/manager/business/detail/${seeded!.uuid}/`,
      { token },
    );
    expect(detail.status, detail.text).toBe(200);
    const documents = businessDetailResponseSchema.parse(detail.body).data.documents;
    const doc = [...documents.kyc, ...documents.kyb][0]!;
    const download = await fetch(second.baseUrl + doc.file);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(Object.values(sampleFiles).some((file) => file.content.equals(bytes))).toBe(true);
    expect(folderOf(first)).toEqual([]);
    expect(folderOf(second)).toEqual([]);
  });
});
