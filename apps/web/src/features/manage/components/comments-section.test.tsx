import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import {
  COMMENT_MAX_LENGTH,
  errorMessages,
  manageApiPaths,
  manageTexts,
  type BusinessComment,
} from '@fd/contract';
import { businessDetailFixture } from '#/testing/business-fixtures.ts';
import { startTestServer, type Handler, type TestResponse } from '#/testing/http-server.ts';
// Types only: the modules are imported once the server has a port (the app reads its base URL once).
import type * as testing from '#/testing/render-route.tsx';
import type * as comments from './comments-section.tsx';
import type * as logs from './activity-log-section.tsx';

configure({ asyncUtilTimeout: 4000 });

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let modules: { testing: typeof testing; comments: typeof comments; logs: typeof logs };
let answer: Handler;

const business = businessDetailFixture();
const commentsUrl = `/api/v1/${manageApiPaths.comments}?business_id=${business.uuid}`;
const logsUrl = `/api/v1/${manageApiPaths.managerLogs(business.uuid)}`;
const OTHER_MANAGER_UUID = '9d1c7a52-0b7e-4c8e-a2a4-3f0f5a1e2b3c';

function commentFixture(
  id: number,
  text: string,
  createdAt: string,
  own: boolean,
): BusinessComment {
  return {
    id,
    comment: text,
    business: business.id,
    user: own
      ? { uuid: '5b0f6a1e-3c1f-4b7e-9f52-0d3c2f1a9b10', first_name: 'Ngozi', last_name: 'Eze' }
      : { uuid: OTHER_MANAGER_UUID, first_name: 'Tunde', last_name: 'Bello' },
    created_at: createdAt,
  };
}

const stored = [
  commentFixture(
    12,
    'Called the client.\nThey will send the EIN letter.',
    '2026-11-22T14:07:00Z',
    true,
  ),
  commentFixture(11, '<b>Not bold</b> <img src=x onerror=alert(1)>', '2026-11-21T09:05:30Z', false),
];
const listBody = (list: BusinessComment[]): TestResponse => ({
  status: 200,
  body: { data: { data: { detail: list } } },
});
const logsBody = (actions: string[]): TestResponse => ({
  status: 200,
  body: {
    data: {
      manager_logs: {
        feedback_doc_logs: actions.map((action, index) => ({
          id: index + 1,
          created_at: '2026-11-22T15:00:00Z',
          action,
          manager_name: 'Ngozi Eze',
          feedback_log_category: 'Comment',
          feedback: null,
        })),
      },
    },
  },
});

/** A promise the test resolves by hand: the server's answer waits for it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeAll(async () => {
  server = await startTestServer((request) => answer(request));
  vi.stubEnv('VITE_API_BASE_URL', `${server.url}/api/v1`);
  modules = {
    testing: await import('#/testing/render-route.tsx'),
    comments: await import('./comments-section.tsx'),
    logs: await import('./activity-log-section.tsx'),
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  answer = () => listBody(stored);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderComments({ withLog = false } = {}) {
  modules.testing.storeSession();
  return modules.testing.renderScreen(
    <>
      <modules.comments.CommentsSection business={business} />
      {withLog && <modules.logs.ActivityLogSection business={business} />}
    </>,
  );
}

const commentList = () => screen.getByRole('list', { name: 'Comments' });
const listedTexts = () =>
  within(commentList())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p.whitespace-pre-wrap')?.textContent);

describe('comments section', { timeout: 15_000 }, () => {
  it("lists the business's comments newest first: last name, UTC date-time and the text as text", async () => {
    renderComments();
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(server.requests.map((request) => request.url)).toEqual([commentsUrl]);

    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Eze')).toBeInTheDocument();
    expect(within(first!).getByText('2026-11-22 14:07')).toBeInTheDocument();
    expect(within(second!).getByText('Bello')).toBeInTheDocument();
    expect(within(second!).getByText('2026-11-21 09:05')).toBeInTheDocument();

    // Line breaks kept; HTML shown verbatim, never interpreted.
    const text = within(first!).getByText(/Called the client/);
    expect(text.textContent).toBe('Called the client.\nThey will send the EIN letter.');
    expect(text).toHaveClass('whitespace-pre-wrap');
    expect(
      within(second!).getByText('<b>Not bold</b> <img src=x onerror=alert(1)>'),
    ).toBeInTheDocument();
    expect(list.querySelector('b, img')).toBeNull();
  });

  it("offers delete only on the signed-in manager's own comments", async () => {
    renderComments();
    const list = await screen.findByRole('list', { name: 'Comments' });
    const [own, others] = within(list).getAllByRole('listitem');
    expect(within(own!).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(others!).queryByRole('button', { name: 'Delete comment' })).toBeNull();
  });

  it('posts the comment on Ctrl-Enter in the box, and only there (docs/product.md §12.3)', async () => {
    const created = commentFixture(14, 'Filed today.', '2026-11-23T09:00:00Z', true);
    answer = (request) =>
      request.method === 'POST'
        ? { status: 200, body: { data: { data: created } } }
        : listBody(stored);
    const { user } = renderComments();
    await screen.findByRole('list', { name: 'Comments' });

    const box = screen.getByLabelText('Add a comment');
    await user.type(box, 'Filed today.');
    // Outside the box the chord is nobody's.
    screen.getByRole('button', { name: manageTexts.comment }).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    box.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(listedTexts()[0]).toBe('Filed today.'));
    expect(box).toHaveValue('');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it("posts the comment, shows 'Saving...', then puts it first and clears the box", async () => {
    const release = deferred<void>();
    const created = commentFixture(13, 'Sent the certificate.', '2026-11-23T08:00:00Z', true);
    answer = async (request) => {
      if (request.method === 'POST') {
        await release.promise;
        return { status: 200, body: { data: { data: created } } };
      }
      return listBody(stored);
    };
    const { user } = renderComments();
    await screen.findByRole('list', { name: 'Comments' });

    const box = screen.getByLabelText('Add a comment');
    await user.type(box, '  Sent the certificate.  ');
    await user.click(screen.getByRole('button', { name: manageTexts.comment }));
    const saving = await screen.findByRole('button', { name: manageTexts.saving });
    expect(saving).toBeDisabled();

    release.resolve();
    await waitFor(() =>
      expect(listedTexts()).toEqual([
        'Sent the certificate.',
        stored[0]!.comment,
        stored[1]!.comment,
      ]),
    );
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: manageTexts.comment })).toBeEnabled();

    const post = server.requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/api/v1/${manageApiPaths.comments}`);
    expect(post?.contentType).toBe('application/json');
    expect(JSON.parse(post!.body)).toEqual({
      comment: 'Sent the certificate.',
      business: business.uuid,
    });
    // The list was not fetched again: the answer went straight in.
    expect(server.requests.filter((request) => request.url === commentsUrl)).toHaveLength(1);
  });

  it('refreshes the activities log after a comment, without a reload', async () => {
    let logged: string[] = [];
    answer = (request) => {
      if (request.url === logsUrl) return logsBody(logged);
      if (request.method === 'POST') {
        logged = ['Added a comment'];
        return {
          status: 200,
          body: { data: { data: commentFixture(14, 'Hi', '2026-11-23T08:00:00Z', true) } },
        };
      }
      return listBody([]);
    };
    const { user } = renderComments({ withLog: true });
    expect(await screen.findByText('No manager logs available')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Add a comment'), 'Hi');
    await user.click(screen.getByRole('button', { name: manageTexts.comment }));
    expect(await screen.findByText('Added a comment')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.url === logsUrl)).toHaveLength(2);
  });

  it('sends nothing blank and says what is missing', async () => {
    const { user } = renderComments();
    await screen.findByRole('list', { name: 'Comments' });
    const box = screen.getByLabelText('Add a comment');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: manageTexts.comment }));

    expect(await screen.findByText(modules.comments.COMMENT_REQUIRED_TEXT)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('caps the comment at COMMENT_MAX_LENGTH characters', async () => {
    renderComments();
    expect(screen.getByLabelText('Add a comment')).toHaveAttribute(
      'maxLength',
      String(COMMENT_MAX_LENGTH),
    );
    expect(COMMENT_MAX_LENGTH).toBe(5000);
  });

  it('says the save failed and keeps the text', async () => {
    answer = (request) =>
      request.method === 'POST'
        ? { status: 500, body: { errors: { detail: 'Something went wrong on our side.' } } }
        : listBody(stored);
    const { user } = renderComments();
    await screen.findByRole('list', { name: 'Comments' });
    await user.type(screen.getByLabelText('Add a comment'), 'Will this save?');
    await user.click(screen.getByRole('button', { name: manageTexts.comment }));

    expect(await screen.findByText(errorMessages.commentSave)).toBeInTheDocument();
    expect(screen.getByLabelText('Add a comment')).toHaveValue('Will this save?');
    expect(listedTexts()).toHaveLength(2);
  });

  it('deletes an own comment and removes it from the list', async () => {
    answer = (request) =>
      request.method === 'DELETE' ? { status: 200, body: { data: { id: 12 } } } : listBody(stored);
    const { user } = renderComments();
    const list = await screen.findByRole('list', { name: 'Comments' });
    // One click only asks; Cancel deletes nothing.
    await user.click(within(list).getByRole('button', { name: 'Delete comment' }));
    const question = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(listedTexts()).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Delete comment' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(listedTexts()).toEqual([stored[1]!.comment]));
    expect(screen.queryByRole('dialog')).toBeNull();
    const deletion = server.requests.find((request) => request.method === 'DELETE');
    expect(deletion?.url).toBe(`/api/v1/${manageApiPaths.comment(12)}`);
  });

  it('only logs a failed delete: the comment stays and no message appears', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = (request) =>
      request.method === 'DELETE'
        ? { status: 403, body: { errors: { detail: 'You do not have permission.' } } }
        : listBody(stored);
    const { user } = renderComments();
    const list = await screen.findByRole('list', { name: 'Comments' });
    await user.click(within(list).getByRole('button', { name: 'Delete comment' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(logError).toHaveBeenCalledWith('Deleting the comment failed.', expect.anything()),
    );
    expect(listedTexts()).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Delete comment' })).toBeEnabled();
    expect(screen.queryByText('You do not have permission.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('only logs a failed load: no list, no empty text, no message', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => ({ status: 404, body: { errors: { detail: 'Not found.' } } });
    renderComments();

    await waitFor(() =>
      expect(logError).toHaveBeenCalledWith('Loading the comments failed.', expect.anything()),
    );
    expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull();
    expect(screen.queryByText(modules.comments.NO_COMMENTS_TEXT)).toBeNull();
    expect(screen.queryByText('Not found.')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when there are no comments yet', async () => {
    answer = () => listBody([]);
    renderComments();
    expect(await screen.findByText(modules.comments.NO_COMMENTS_TEXT)).toBeInTheDocument();
  });

  it('offers no formatting toggles that would format nothing: a comment is plain text', async () => {
    const { user } = renderComments();
    expect(screen.queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Italic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Formatting' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a comment'), '**plain**');
    expect(screen.getByLabelText('Add a comment')).toHaveValue('**plain**');
  });
});
