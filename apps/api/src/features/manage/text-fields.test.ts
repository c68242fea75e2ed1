/**
 * Text people read (docs/decisions/075-text-people-read.md): a business's name and address,
 * comments and feedback messages refuse control characters and text with nothing visible,
 * with a message naming the field, and change nothing; the multi-line fields keep their
 * line breaks and tabs. Over HTTP against the real app, on every database lane.
 */
import { errorBodySchema, nulCharacterMessage } from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, comments, feedback, managerLogs } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { insertBusinessWithSteps, insertOwner } from '../../test/manage-records.ts';
import { callApi, createUser, signIn, startTestApp, type TestApp } from '../../test/test-app.ts';
import { uploadFiles } from '../../test/upload-files.ts';

const oneLine = (field: string) =>
  `${field} must be one line of text, without line breaks, tabs or other control characters.`;
const severalLines = (field: string) =>
  `${field} must not contain control characters (line breaks and tabs are fine).`;
const nothingVisible = (field: string) =>
  `${field} must contain visible characters, not only spaces or invisible ones.`;

describe.each(lanes)('text people read on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;
  let business: Awaited<ReturnType<typeof insertBusinessWithSteps>>;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    token = (await signIn(harness, await createUser(database))).token;
    const ownerId = await insertOwner(database.db);
    business = await insertBusinessWithSteps(database.db, { ownerId, businessName: 'Plain Ltd' });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  /** Every row a refused write could have touched. */
  const written = async () => ({
    business: await database.db.select().from(businesses).where(eq(businesses.id, business.id)),
    logs: await database.db.select().from(managerLogs),
    comments: await database.db.select().from(comments),
    feedback: await database.db.select().from(feedback),
  });

  const refusal = async (
    send: () => Promise<{ status: number; body: unknown }>,
    field: string,
    message: string,
  ) => {
    const before = await written();
    const response = await send();
    expect(response.status).toBe(400);
    const { errors } = errorBodySchema.parse(response.body);
    expect(errors.detail).toBe(message);
    expect(errors.validations?.[field]).toEqual([message]);
    expect(await written()).toEqual(before);
  };

  const edit = (json: unknown) =>
    callApi(harness.baseUrl, 'PUT', `/api/v1/business/setup/${business.uuid}/`, { json, token });
  const comment = (text: string) =>
    callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
      json: { comment: text, business: business.id },
      token,
    });

  it('refuses escape codes, bells, line breaks and invisible-only business names', async () => {
    for (const name of ['Evil\u001b[2J Ltd', 'Ding\u0007 Ltd', 'Two\r\nLines', 'Tab\tLtd']) {
      await refusal(() => edit({ business_name: name }), 'business_name', oneLine('business_name'));
    }
    for (const name of ['\u200b\u200b', '\u2060\ufeff\u2060', ' \u200d ']) {
      await refusal(
        () => edit({ business_name: name }),
        'business_name',
        nothingVisible('business_name'),
      );
    }
    await refusal(
      () => edit({ new_business_formation_address: '1 Main St\n\u001b]0;pwned\u0007' }),
      'new_business_formation_address',
      oneLine('new_business_formation_address'),
    );
    const accepted = await edit({ business_name: '  Zürich 😀 Studio  ' });
    expect(accepted.status).toBe(200);
    const [row] = await database.db
      .select({ name: businesses.businessName })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    expect(row?.name).toBe('Zürich 😀 Studio');
  });

  it('keeps line breaks and tabs in a comment, and refuses other controls', async () => {
    await refusal(() => comment('Call me\u0007 now'), 'comment', severalLines('comment'));
    await refusal(() => comment('\u001b[31mred'), 'comment', severalLines('comment'));
    await refusal(() => comment('\n\u200b\n'), 'comment', nothingVisible('comment'));
    const kept = await comment('First line\r\n\tindented\nlast');
    expect(kept.status).toBe(200);
    const [row] = await database.db
      .select({ comment: comments.comment })
      .from(comments)
      .where(eq(comments.businessId, business.id));
    expect(row?.comment).toBe('First line\n\tindented\nlast');
  });

  it('refuses controls in feedback messages and links, as JSON and as multipart', async () => {
    const fields = {
      status_item_id: business.stepIds.incorporation_status,
      business_id: business.uuid,
      feedback_title: 'Company Formation',
    };
    const send = (json: Record<string, unknown>) =>
      callApi(harness.baseUrl, 'POST', '/api/v1/manager/feedback/', { json, token });
    await refusal(
      () => send({ ...fields, message_body: 'Fix\u001b[0m this' }),
      'message_body',
      severalLines('message_body'),
    );
    await refusal(
      () => send({ ...fields, message_body: '\u2060' }),
      'message_body',
      nothingVisible('message_body'),
    );
    await refusal(
      () => send({ ...fields, message_body: 'See link', file_url: 'https://example.com/\u001bx' }),
      'file_url',
      'file_url must be an http(s) address such as https://example.com/file.pdf.',
    );

    const upload = async (messageBody: string) => {
      const form = new FormData();
      form.set('feedbackTitle', 'Certificate of Incorporation');
      form.set('statusItemId', String(business.stepIds.post_doc_formation_status));
      form.set('messageBody', messageBody);
      form.set('businessId', business.uuid);
      form.set('file', new Blob([uploadFiles.pdf.content]), uploadFiles.pdf.name);
      const response = await fetch(
        `${harness.baseUrl}/api/v1/manager/business/feedback/post-doc-formation/upload/`,
        { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
      );
      return { status: response.status, body: (await response.json()) as unknown };
    };
    await refusal(() => upload('Here\u0000'), 'messageBody', nulCharacterMessage('messageBody'));
    await refusal(() => upload('Here\u0008you go'), 'messageBody', severalLines('messageBody'));
    const sent = await upload('Here it is:\r\n\tthe certificate.');
    expect(sent.status).toBe(201);
    const [row] = await database.db
      .select({ message: feedback.messageBody })
      .from(feedback)
      .where(eq(feedback.businessId, business.id));
    expect(row?.message).toBe('Here it is:\n\tthe certificate.');
  });
});
