/**
 * Feedback, post-formation uploads, attachments and the file history (docs/product.md §7.6;
 * docs/decisions/024-feedback-uploads-and-the-file-history.md), over HTTP against the real app, on
 * every database lane: what is stored, logged, notified and served back, and that a refused request
 * leaves no row and no file behind.
 */
import { request as httpRequest } from 'node:http';
import {
  apiErrorDetails,
  errorBodySchema,
  feedbackCreateResponseSchema,
  feedbackDetailResponseSchema,
  fileHistoryResponseSchema,
  postFormationAttachmentsResponseSchema,
  successMessages,
  validationMessages,
} from '@fd/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, managerLogs, notificationEvents } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { storedFilesOf } from '../../test/stored-files.ts';
import * as records from '../../test/manage-records.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  testConfig,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { impostorFiles, uploadFiles } from '../../test/upload-files.ts';

const UPLOAD_LIMIT = 64 * 1024;
const feedbackPath = '/api/v1/manager/feedback/';
const uploadPath = '/api/v1/manager/business/feedback/post-doc-formation/upload/';

type FormValue = string | { name: string; content: Buffer; type?: string };

function formOf(fields: Record<string, FormValue | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(key, value);
    else
      form.append(
        key,
        new Blob([value.content], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
  }
  return form;
}

describe.each(lanes)('feedback and uploads on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: TestUser & { token: string };
  let colleague: TestUser & { token: string };
  let businessCount = 0;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({
      database,
      config: testConfig({ UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) }),
    });
    actor = await signIn(
      harness,
      await createUser(database, { firstName: 'Ada', lastName: 'Lovelace' }),
    );
    colleague = await signIn(
      harness,
      await createUser(database, { firstName: 'Grace', lastName: 'Hopper' }),
    );
    ownerId = await records.insertOwner(database.db, { firstName: 'Cleo', lastName: 'Client' });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const createBusiness = () =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Feedback Test ${(businessCount += 1)}`,
    });

  const postForm = async (
    urlPath: string,
    fields: Record<string, FormValue | undefined>,
    token: string | null = actor.token,
  ) => {
    const response = await fetch(harness.baseUrl + urlPath, {
      method: 'POST',
      body: formOf(fields),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, headers: response.headers };
  };

  /** Every stored file, staging area included (the folder, or the blob tables on PostgreSQL). */
  const storedFiles = () => storedFilesOf(database, harness.config.filesDir).names();
  /** What a refused request must leave exactly as it was. */
  const state = async (businessId: number) => ({
    feedback: (
      await database.db
        .select({ n: count() })
        .from(feedback)
        .where(eq(feedback.businessId, businessId))
    )[0]!.n,
    logs: (
      await database.db
        .select({ n: count() })
        .from(managerLogs)
        .where(eq(managerLogs.businessId, businessId))
    )[0]!.n,
    notifications: (
      await database.db
        .select({ n: count() })
        .from(notificationEvents)
        .where(eq(notificationEvents.businessId, businessId))
    )[0]!.n,
    files: await storedFiles(),
  });
  const detailOf = (body: unknown) => errorBodySchema.parse(body).errors;

  it('sends JSON feedback: stored, logged, notified, listed under the step', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.tax_ein_status;
    const response = await callApi(harness.baseUrl, 'POST', feedbackPath, {
      token: actor.token,
      json: {
        message_body: '  Your EIN letter is unreadable; please upload a clear scan.  ',
        status_item_id: stepId,
        business_id: business.id,
        feedback_title: 'tax id',
      },
    });
    expect(response.status, response.text).toBe(201);
    const { message, data } = feedbackCreateResponseSchema.parse(response.body);
    expect(message).toBe(successMessages.feedbackSent);
    expect(data).toMatchObject({
      business: business.id,
      status_item_id: stepId,
      feedback_title: 'Tax ID',
      message_body: 'Your EIN letter is unreadable; please upload a clear scan.',
      file_url: null,
      attachment_file: null,
      file_name: null,
      file_size: null,
      manager_name: 'Ada Lovelace',
    });

    const logs = await records.logsOf(database.db, business.id);
    expect(logs.map((log) => [log.action, log.feedbackLogCategory, log.managerName])).toEqual([
      ['Sent feedback "Tax ID" on Tax EIN to the client', 'Tax ID', 'Ada Lovelace'],
    ]);
    expect(await records.notifiedManagers(database.db, business.id)).toEqual(
      await records.otherActiveManagers(database.db, actor.id),
    );
    expect((await records.notificationsOf(database.db, business.id))[0]).toMatchObject({
      message: 'Ada Lovelace sent feedback on Tax EIN to Feedback Test ' + businessCount + '.',
      status: 'Feedback',
    });

    const detail = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/feedback/detail/${stepId}/`,
      { token: colleague.token },
    );
    expect(detail.status, detail.text).toBe(200);
    expect(feedbackDetailResponseSchema.parse(detail.body).data).toMatchObject({
      id: stepId,
      status: 'PENDING',
      status_item_name: 'Tax EIN',
      feedback: [{ id: data.id, feedback_title: 'Tax ID' }],
    });
  });

  it('sends multipart feedback with an attachment and a link; the file downloads as sent', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.government_id_status;
    const response = await postForm(feedbackPath, {
      message_body: 'The passport photo page is cut off.',
      status_item_id: String(stepId),
      business_id: business.uuid,
      feedback_title: 'International passport doc',
      file_url: 'https://example.com/how-to-scan',
      attachment_file: { ...uploadFiles.png, name: '../../etc/guide\u0007.png' },
    });
    expect(response.status, response.text).toBe(201);
    const { data } = feedbackCreateResponseSchema.parse(response.body);
    expect(data).toMatchObject({
      file_url: 'https://example.com/how-to-scan',
      file_name: 'guide.png',
      file_size: uploadFiles.png.content.length,
    });
    expect(data.attachment_file).toMatch(/^\/api\/v1\/files\/feedback\/\d+\?expires=/);

    const download = await fetch(harness.baseUrl + data.attachment_file!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer()).equals(uploadFiles.png.content)).toBe(true);
    // In place under a random name; nothing left in the staging area.
    const [stored] = await database.db
      .select({ key: feedback.attachmentStorageKey })
      .from(feedback)
      .where(eq(feedback.id, data.id));
    expect(stored!.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(await storedFiles()).toContain(stored!.key!);
    expect((await storedFiles()).filter((file) => file.startsWith('.staging'))).toEqual([]);
  });

  it.each(Object.entries(uploadFiles))(
    'uploads a post-formation %s, told by its content',
    async (label, file) => {
      const business = await createBusiness();
      const stepId = business.stepIds.post_doc_formation_status;
      const response = await postForm(uploadPath, {
        file: { ...file, type: 'application/octet-stream' },
        feedbackTitle: 'Certificate of incorporation',
        statusItemId: String(stepId),
        messageBody: 'Your certificate is ready.',
        businessId: business.uuid,
        fileURL: '',
      });
      expect(response.status, response.text).toBe(201);
      const { message, data } = feedbackCreateResponseSchema.parse(response.body);
      expect(message).toBe(successMessages.fileUploaded);
      expect(data).toMatchObject({
        feedback_title: 'Certificate of incorporation',
        file_name: file.name,
        file_size: file.content.length,
        file_url: null,
      });
      const download = await fetch(harness.baseUrl + data.attachment_file!);
      const expectedType = {
        pdf: 'application/pdf',
        png: 'image/png',
        jpeg: 'image/jpeg',
        gif: 'image/gif',
        docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }[label];
      expect(download.headers.get('content-type')).toBe(expectedType);
      expect(Buffer.from(await download.arrayBuffer()).equals(file.content)).toBe(true);
      expect((await records.logsOf(database.db, business.id))[0]).toMatchObject({
        action: `Uploaded Certificate of incorporation (${file.name}, 1 KB) to the client`,
        feedbackLogCategory: 'Post Formation Doc',
      });
    },
  );

  it('lists the attachments of the step and the file history, newest first', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.post_doc_formation_status;
    await database.db.insert(documents).values({
      businessId: business.id,
      kind: 'kyc',
      documentTitle: 'International passport',
      fileName: 'passport.pdf',
      storageKey: 'seed/sample-passport.pdf',
      contentType: 'application/pdf',
      size: 1234,
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    for (const [title, file] of [
      ['Statement of incorporation', uploadFiles.pdf],
      ['Tax ID', uploadFiles.docx],
    ] as const) {
      harness.clock.advance(60_000);
      const response = await postForm(uploadPath, {
        file,
        feedbackTitle: title,
        statusItemId: String(stepId),
        messageBody: `Here is your ${title}.`,
        businessId: String(business.id),
      });
      expect(response.status, response.text).toBe(201);
    }
    // Feedback without a file is no attachment.
    await callApi(harness.baseUrl, 'POST', feedbackPath, {
      token: actor.token,
      json: {
        message_body: 'A note without a file.',
        status_item_id: stepId,
        business_id: business.id,
        feedback_title: 'Post Formation Doc',
      },
    });

    const attachments = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/feedback/post-doc-formation/${stepId}/attachments/`,
      { token: colleague.token },
    );
    expect(attachments.status, attachments.text).toBe(200);
    const listed = postFormationAttachmentsResponseSchema.parse(attachments.body).data
      .post_doc_feedback_attachments;
    expect(listed.map((item) => [item.feedback_title, item.file_name, item.file_size])).toEqual([
      ['Tax ID', uploadFiles.docx.name, uploadFiles.docx.content.length],
      ['Statement of incorporation', uploadFiles.pdf.name, uploadFiles.pdf.content.length],
    ]);

    const history = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/file-history/${business.uuid}/`,
      { token: colleague.token },
    );
    expect(history.status, history.text).toBe(200);
    const entries = fileHistoryResponseSchema.parse(history.body).data.file_history;
    expect(entries.map((entry) => [entry.direction, entry.source, entry.title, entry.by])).toEqual([
      ['sent', 'feedback', 'Tax ID', 'Ada Lovelace'],
      ['sent', 'feedback', 'Statement of incorporation', 'Ada Lovelace'],
      ['received', 'document', 'International passport', 'Cleo Client'],
    ]);
    const downloaded = await fetch(harness.baseUrl + entries[0]!.download_url);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(uploadFiles.docx.content)).toBe(true);
  });

  it('answers the reads 400 for malformed ids, 404 for unknown ones, 400 for a step of the wrong kind', async () => {
    const business = await createBusiness();
    const get = (urlPath: string) =>
      callApi(harness.baseUrl, 'GET', `/api/v1/${urlPath}`, { token: actor.token });
    for (const [urlPath, status] of [
      ['manager/feedback/detail/abc/', 400],
      ['manager/feedback/detail/0/', 400],
      ['manager/feedback/detail/99999999999/', 400],
      ['manager/feedback/detail/2147483647/', 404],
      ['manager/business/feedback/post-doc-formation/-1/attachments/', 400],
      ['manager/business/feedback/post-doc-formation/2147483647/attachments/', 404],
      [
        `manager/business/feedback/post-doc-formation/${business.stepIds.tax_ein_status}/attachments/`,
        400,
      ],
      ['manager/file-history/not-a-uuid/', 400],
      ['manager/file-history/00000000-0000-4000-8000-000000000000/', 404],
    ] as const) {
      const response = await get(urlPath);
      expect(response.status, `${urlPath}: ${response.text}`).toBe(status);
      expect(detailOf(response.body).detail).toEqual(expect.any(String));
    }
  });

  describe('refuses bad input with a clear error and changes nothing', () => {
    const validJson = (business: Awaited<ReturnType<typeof createBusiness>>) => ({
      message_body: 'Please resend.',
      status_item_id: business.stepIds.payment_status,
      business_id: business.id,
      feedback_title: 'Incorporation Payment Doc',
    });

    it.each([
      ['no body fields', () => ({}), 'message_body'],
      ['an extra field', (j: object) => ({ ...j, priority: 'high' }), 'priority'],
      ['a text step id', (j: object) => ({ ...j, status_item_id: 'abc' }), 'status_item_id'],
      ['a boolean business', (j: object) => ({ ...j, business_id: true }), 'business_id'],
      ['an unknown title', (j: object) => ({ ...j, feedback_title: 'Other' }), 'feedback_title'],
      ['a blank message', (j: object) => ({ ...j, message_body: '   ' }), 'message_body'],
      [
        'a javascript: link',
        (j: object) => ({ ...j, file_url: 'javascript:alert(1)' }),
        'file_url',
      ],
      [
        'a file as JSON text',
        (j: object) => ({ ...j, attachment_file: 'evil.pdf' }),
        'attachment_file',
      ],
    ] as const)('JSON with %s → 400 naming the field', async (_label, change, field) => {
      const business = await createBusiness();
      const before = await state(business.id);
      const response = await callApi(harness.baseUrl, 'POST', feedbackPath, {
        token: actor.token,
        json: change(validJson(business)),
      });
      expect(response.status, response.text).toBe(400);
      expect(detailOf(response.body).validations).toHaveProperty(field);
      expect(await state(business.id)).toEqual(before);
    });

    it('answers 404 for an unknown business and 400 for a step of another business', async () => {
      const business = await createBusiness();
      const other = await createBusiness();
      const before = await state(business.id);
      const unknown = await callApi(harness.baseUrl, 'POST', feedbackPath, {
        token: actor.token,
        json: { ...validJson(business), business_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status, unknown.text).toBe(404);
      const foreign = await callApi(harness.baseUrl, 'POST', feedbackPath, {
        token: actor.token,
        json: { ...validJson(business), status_item_id: other.stepIds.payment_status },
      });
      expect(foreign.status, foreign.text).toBe(400);
      expect(detailOf(foreign.body).validations).toHaveProperty('status_item_id');
      const notPostFormation = await postForm(uploadPath, {
        file: uploadFiles.pdf,
        feedbackTitle: 'Tax ID',
        statusItemId: String(business.stepIds.tax_ein_status),
        messageBody: 'Wrong step.',
        businessId: business.uuid,
      });
      expect(notPostFormation.status, notPostFormation.text).toBe(400);
      expect(detailOf(notPostFormation.body).validations).toHaveProperty('statusItemId');
      expect(await state(business.id)).toEqual(before);
    });

    it('answers 401 without a token or with a forged one, before reading the file', async () => {
      const business = await createBusiness();
      const before = await state(business.id);
      const fields = {
        file: uploadFiles.pdf,
        feedbackTitle: 'Tax ID',
        statusItemId: String(business.stepIds.post_doc_formation_status),
        messageBody: 'x',
        businessId: business.uuid,
      };
      expect((await postForm(uploadPath, fields, null)).status).toBe(401);
      expect((await postForm(uploadPath, fields, 'not.a.token')).status).toBe(401);
      expect(await state(business.id)).toEqual(before);
    });

    const uploadFields = (business: Awaited<ReturnType<typeof createBusiness>>) => ({
      feedbackTitle: 'Other files',
      statusItemId: String(business.stepIds.post_doc_formation_status),
      messageBody: 'Here you go.',
      businessId: business.uuid,
    });

    it("requires the file: 'Please upload a file.'", async () => {
      const business = await createBusiness();
      const before = await state(business.id);
      const response = await postForm(uploadPath, uploadFields(business));
      expect(response.status, response.text).toBe(400);
      expect(detailOf(response.body)).toEqual({
        detail: validationMessages.fileRequired,
        validations: { file: [validationMessages.fileRequired] },
      });
      expect(await state(business.id)).toEqual(before);
    });

    it.each(Object.entries(impostorFiles))(
      'refuses %s by its content → 415',
      async (_label, file) => {
        const business = await createBusiness();
        const before = await state(business.id);
        const response = await postForm(uploadPath, {
          ...uploadFields(business),
          // The declared type claims the file is fine: only the bytes count.
          file: { ...file, type: 'application/pdf' },
        });
        expect(response.status, response.text).toBe(415);
        expect(detailOf(response.body).detail).toBe(apiErrorDetails.uploadWrongType);
        expect(await state(business.id)).toEqual(before);
      },
    );

    it.each([
      ['PNG bytes named page.html', { ...uploadFiles.png, name: 'page.html' }, 'PNG', '.png'],
      ['a PDF named setup.exe', { ...uploadFiles.pdf, name: 'setup.exe' }, 'PDF', '.pdf'],
      ['a PDF named report.pdf.', { ...uploadFiles.pdf, name: 'report.pdf.' }, 'PDF', '.pdf'],
      [
        'a JPEG named photo.png',
        { ...uploadFiles.jpeg, name: 'photo.png' },
        'JPEG',
        '.jpg or .jpeg',
      ],
    ])(
      'refuses %s → 415 naming the extension, as upload and as attachment',
      async (_label, file, type, ends) => {
        const business = await createBusiness();
        const before = await state(business.id);
        const message = `The file's content is a ${type} file: its name must end in ${ends}.`;
        expect(
          apiErrorDetails.uploadNameMismatch(type, ends.replaceAll('.', '').split(' or ')),
        ).toBe(message);
        const upload = await postForm(uploadPath, { ...uploadFields(business), file });
        expect(upload.status, upload.text).toBe(415);
        expect(detailOf(upload.body)).toEqual({
          detail: message,
          validations: { file: [message] },
        });
        const attachment = await postForm(feedbackPath, {
          message_body: 'See the file.',
          status_item_id: String(business.stepIds.government_id_status),
          business_id: business.uuid,
          feedback_title: 'International passport doc',
          attachment_file: file,
        });
        expect(attachment.status, attachment.text).toBe(415);
        expect(detailOf(attachment.body).detail).toBe(message);
        expect(await state(business.id)).toEqual(before);
      },
    );

    it.each([
      ['certificate', 'certificate.pdf'],
      ['CERT.PDF', 'CERT.PDF'],
      ['.pdf', '.pdf.pdf'],
    ])("stores %s as %s: a name without an extension gets its type's", async (name, stored) => {
      const business = await createBusiness();
      const response = await postForm(uploadPath, {
        ...uploadFields(business),
        file: { ...uploadFiles.pdf, name },
      });
      expect(response.status, response.text).toBe(201);
      expect(feedbackCreateResponseSchema.parse(response.body).data.file_name).toBe(stored);
    });

    it('refuses a file over UPLOAD_MAX_BYTES → 413, and an empty one → 400', async () => {
      const business = await createBusiness();
      const before = await state(business.id);
      const big = Buffer.concat([uploadFiles.pdf.content, Buffer.alloc(UPLOAD_LIMIT)]);
      const tooBig = await postForm(uploadPath, {
        ...uploadFields(business),
        file: { name: 'big.pdf', content: big },
      });
      expect(tooBig.status, tooBig.text).toBe(413);
      expect(detailOf(tooBig.body).detail).toBe(apiErrorDetails.uploadTooLarge(UPLOAD_LIMIT));
      expect(apiErrorDetails.uploadTooLarge(UPLOAD_LIMIT)).toBe(
        'The file is larger than the 0.1 MB limit.',
      );
      const empty = await postForm(uploadPath, {
        ...uploadFields(business),
        file: { name: 'empty.pdf', content: Buffer.alloc(0) },
      });
      expect(empty.status, empty.text).toBe(400);
      expect(await state(business.id)).toEqual(before);
    });

    it('refuses two files → 413, and a file under another name → 400', async () => {
      const business = await createBusiness();
      const before = await state(business.id);
      const form = formOf({ ...uploadFields(business), file: uploadFiles.pdf });
      form.append('file', new Blob([uploadFiles.png.content]), 'second.png');
      const two = await fetch(harness.baseUrl + uploadPath, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${actor.token}` },
      });
      expect(two.status).toBe(413);
      expect(detailOf(await two.json()).detail).toBe(apiErrorDetails.multipartTooManyParts);
      const renamed = await postForm(uploadPath, {
        ...uploadFields(business),
        attachment: uploadFiles.png,
      });
      expect(renamed.status, renamed.text).toBe(400);
      expect(detailOf(renamed.body).validations).toHaveProperty('attachment');
      expect(await state(business.id)).toEqual(before);
    });

    it('refuses multipart where JSON is expected, and other body types, with 415', async () => {
      const business = await createBusiness();
      const comment = await fetch(`${harness.baseUrl}/api/v1/business/comment/`, {
        method: 'POST',
        body: formOf({ comment: 'hi', business: business.uuid }),
        headers: { authorization: `Bearer ${actor.token}` },
      });
      expect(comment.status).toBe(415);
      const text = await callApi(harness.baseUrl, 'POST', uploadPath, {
        token: actor.token,
        rawBody: 'file=x',
        contentType: 'text/plain',
      });
      expect(text.status).toBe(415);
    });

    describe.each([
      ['the upload', uploadPath],
      ['feedback', feedbackPath],
    ])('malformed multipart to %s → 400, nothing stored', (_route, urlPath) => {
      const boundary = 'fd-malformed';
      const long = 'b'.repeat(300);
      const multipart = (b: string) => `multipart/form-data; boundary=${b}`;
      const textParts = (fields: Record<string, string>) =>
        Object.entries(fields)
          .map(
            ([key, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
          )
          .join('');
      const cases: [string, string, (fields: Record<string, string>) => string][] = [
        ['no boundary', 'multipart/form-data', () => 'x'],
        ['a body that is not multipart', multipart('abc'), () => 'x'],
        ['a boundary too long to search for', multipart(long), () => `--${long}\r\n`],
        [
          'a body cut before its closing boundary',
          multipart(boundary),
          (fields) =>
            textParts(fields) +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n` +
            `Content-Type: application/pdf\r\n\r\n%PDF-1.4 and no closing boundary`,
        ],
        [
          'a text part cut before its closing boundary',
          multipart(boundary),
          () => `--${boundary}\r\nContent-Disposition: form-data; name="messageBody"\r\n\r\nhi`,
        ],
      ];
      it.each(cases)('%s', async (_label, contentType, body) => {
        const business = await createBusiness();
        const before = await state(business.id);
        const response = await callApi(harness.baseUrl, 'POST', urlPath, {
          token: actor.token,
          rawBody: body(uploadFields(business)),
          contentType,
        });
        expect(response.status, response.text).toBe(400);
        expect(detailOf(response.body).detail).toBe(apiErrorDetails.multipartMalformed);
        expect(await state(business.id)).toEqual(before);
      });
    });

    it('leaves no row and no file when the client goes away mid-upload', async () => {
      const business = await createBusiness();
      const before = await state(business.id);
      const boundary = 'fd-test-boundary';
      const head = [
        ...Object.entries(uploadFields(business)).map(
          ([key, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ].join('');
      const { port } = new URL(harness.baseUrl);
      await new Promise<void>((resolve) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: uploadPath,
          headers: {
            authorization: `Bearer ${actor.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + 40_000),
          },
        });
        request.on('error', () => resolve());
        request.write(head);
        request.write(uploadFiles.pdf.content.subarray(0, 200));
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 150);
      });
      // The server notices the cut and removes the part file.
      await expect
        .poll(async () => (await state(business.id)).files, { timeout: 5000 })
        .toEqual(before.files);
      expect(await state(business.id)).toEqual(before);
    });
  });
});
