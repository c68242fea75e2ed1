/**
 * Two API instances behind nginx (e2e/cluster.ts; docs/operations.md, "Running several
 * instances"), driven through the proxy with each request pinned to instance a or b (the
 * header X-FD-Instance for API calls, the cookie fd_instance for a browser), and every answer
 * checked for the instance that served it. What one instance did, the other knows: sessions
 * and passwords (PostgreSQL), code attempts (PostgreSQL) and rate limits (Redis), stored files,
 * and notifications (PostgreSQL's LISTEN/NOTIFY to the other's open streams).
 */
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  API_BASE_PATH,
  apiErrorDetails,
  apiPaths,
  businessApiPaths,
  errorMessages,
  manageApiPaths,
  type BusinessDetail,
  type BusinessListPage,
} from '@fd/contract';
import { sendFileToClient } from '../business-oracle.ts';
import { PIN_COOKIE, PIN_HEADER, SERVED_HEADER, type InstanceName } from '../cluster.ts';
import { accounts, manageBusinesses, notificationsBusiness, type Account } from '../fixtures.ts';
import { waitForNewCode } from '../mail.ts';
import { signInAs, storedToken } from '../session.ts';
import { clusterAccounts } from './accounts.ts';
import { clusterEnv, UPLOAD_MAX_BYTES } from './cluster-env.ts';

const { url, run, dataDirs } = clusterEnv();
const managers = clusterAccounts(run);
const api = (path: string) => `${API_BASE_PATH}/${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const servedBy = (response: { headers(): Record<string, string> }) =>
  response.headers()[SERVED_HEADER.toLowerCase()];

/** API calls through nginx, each pinned to one instance. */
const pinned = {} as Record<InstanceName, APIRequestContext>;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ playwright }) => {
  for (const instance of ['a', 'b'] as const) {
    pinned[instance] = await playwright.request.newContext({
      baseURL: url,
      extraHTTPHeaders: { [PIN_HEADER]: instance },
    });
  }
});

test.afterAll(async () => {
  await Promise.all(Object.values(pinned).map((context) => context.dispose()));
});

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** `response`'s status, and that `instance` answered it. */
async function expectAnswer(
  response: APIResponse,
  instance: InstanceName,
  status: number,
  what: string,
): Promise<void> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  expect(servedBy(response), `${what} answered by instance ${instance}`).toBe(instance);
}

async function login(instance: InstanceName, account: Account, password = account.password) {
  const response = await pinned[instance].post(api(apiPaths.auth.login), {
    data: { email: account.email, password },
  });
  await expectAnswer(response, instance, 200, `sign-in of ${account.email}`);
  return ((await response.json()) as { token: string }).token;
}

/** A browser of its own whose every request (pages, API, the stream) nginx sends to `instance`. */
async function browserOn(browser: Browser, instance: InstanceName): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url });
  contexts.push(context);
  await pinTo(context, instance);
  return context;
}

const pinTo = (context: BrowserContext, instance: InstanceName) =>
  context.addCookies([{ name: PIN_COOKIE, value: instance, url }]);

const isStream = (response: { url(): string }) =>
  new URL(response.url()).pathname === api(apiPaths.notifications.stream);

/** What the page's EventSources were told: how many `end` events (the server ended the stream). */
type StreamWatch = { e2eStreamEnds?: number };

/**
 * Signs in on `page` and resolves with the notification stream the app then opens. The page
 * counts the `end` events its streams get (window.e2eStreamEnds).
 */
async function signInWithStream(page: Page, account: Account) {
  await page.addInitScript(() => {
    const watch = window as StreamWatch;
    watch.e2eStreamEnds = 0;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(...args: ConstructorParameters<typeof EventSource>) {
        super(...args);
        this.addEventListener('end', () => (watch.e2eStreamEnds! += 1));
      }
    };
  });
  const stream = page.waitForResponse(isStream);
  await signInAs(page, account);
  return stream;
}

async function findBusiness(instance: InstanceName, token: string, name: string) {
  const listed = await pinned[instance].get(api(businessApiPaths.list), {
    params: { search: name },
    headers: bearer(token),
  });
  await expectAnswer(listed, instance, 200, `the list searched for ${name}`);
  const { businesses } = ((await listed.json()) as { data: BusinessListPage }).data;
  const found = businesses.find((business) => business.business_name === name);
  expect(found, `a business named ${name}`).toBeDefined();
  const detail = await pinned[instance].get(api(businessApiPaths.detail(found!.uuid)), {
    headers: bearer(token),
  });
  await expectAnswer(detail, instance, 200, `the detail of ${name}`);
  return ((await detail.json()) as { data: BusinessDetail }).data;
}

test('nginx pins by header and by cookie, and balances the rest over both instances', async () => {
  const health = (headers: Record<string, string>) =>
    fetch(`${url}/readyz`, { headers }).then((response) => {
      expect(response.status).toBe(200);
      return response.headers.get(SERVED_HEADER);
    });
  expect(await health({ [PIN_HEADER]: 'a' })).toBe('a');
  expect(await health({ [PIN_HEADER]: 'b' })).toBe('b');
  expect(await health({ Cookie: `${PIN_COOKIE}=b` })).toBe('b');
  // The header wins over the cookie.
  expect(await health({ [PIN_HEADER]: 'a', Cookie: `${PIN_COOKIE}=b` })).toBe('a');
  const balanced = new Set<string | null>();
  for (let i = 0; i < 6; i += 1) balanced.add(await health({}));
  expect([...balanced].sort()).toEqual(['a', 'b']);
});

test('a sign-in on instance a is valid on instance b', async ({ browser }) => {
  const token = await login('a', managers.worker);
  const onB = await pinned.b.get(api(businessApiPaths.list), { headers: bearer(token) });
  await expectAnswer(onB, 'b', 200, 'the list with a token from instance a');

  // A browser signed in through a, then sent to b: still signed in, b answering.
  const context = await browserOn(browser, 'a');
  const page = await context.newPage();
  const signedIn = page.waitForResponse(
    (response) => new URL(response.url()).pathname === api(apiPaths.auth.login),
  );
  await signInAs(page, managers.worker);
  expect(servedBy(await signedIn)).toBe('a');
  await pinTo(context, 'b');
  const listed = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith(api('manager/business/list')),
  );
  await page.reload();
  const list = await listed;
  expect(list.status()).toBe(200);
  expect(servedBy(list)).toBe('b');
  await expect(page).toHaveURL(/\/business$/);
});

test('code attempts and rate limits are shared: the 6th code on b after 5 wrong ones on a is refused', async () => {
  const { email } = managers.recovery;
  const requestCode = async () => {
    const asked = await pinned.a.post(api(apiPaths.auth.forgotPassword), { data: { email } });
    await expectAnswer(asked, 'a', 200, 'forgot-password');
    return ((await asked.json()) as { data: { detail: { token: string } } }).data.detail.token;
  };
  const verify = (instance: InstanceName, token: string, otp: string) =>
    pinned[instance].post(api(apiPaths.auth.verifyOtp), { data: { token, otp } });
  const detailOf = async (response: APIResponse) =>
    ((await response.json()) as { errors: { detail: string } }).errors.detail;

  // Instance a mailed the code (its outbox: no SMTP server here).
  const token = await requestCode();
  const code = await waitForNewCode(email, 0, 10_000, dataDirs.a);
  const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
  for (let n = 1; n <= 5; n += 1) {
    await expectAnswer(await verify('a', token, wrong(n)), 'a', 401, `wrong code ${n} on a`);
  }
  // The right code, the 6th try, on b: the five wrong ones on a closed the reset.
  const sixth = await verify('b', token, code);
  await expectAnswer(sixth, 'b', 401, 'the right code on b after 5 wrong ones on a');
  expect(await detailOf(sixth)).toBe(errorMessages.otpInvalid);

  // Redis counts the tries of one verification token on both: 10 per 15 minutes.
  for (let n = 7; n <= 10; n += 1) {
    const instance = n % 2 === 0 ? 'a' : 'b';
    await expectAnswer(await verify(instance, token, wrong(n)), instance, 401, `try ${n}`);
  }
  const eleventh = await verify('b', token, wrong(11));
  await expectAnswer(eleventh, 'b', 429, 'the 11th try, on b');
  expect(Number(eleventh.headers()['retry-after'])).toBeGreaterThan(0);

  // A new code, asked for on a, is accepted on b: the codes read here are the right ones.
  const again = await requestCode();
  const newCode = await waitForNewCode(email, 1, 10_000, dataDirs.a);
  await expectAnswer(await verify('b', again, newCode), 'b', 200, 'a new code on b');
});

test('sign-in failures are counted on both: the 11th try at one account on b after 10 on a is refused', async () => {
  const { email } = managers.guessed;
  const tryPassword = (instance: InstanceName, n: number) =>
    pinned[instance].post(api(apiPaths.auth.login), {
      data: { email, password: `not-the-password-${n}` },
    });
  // 10 consecutive failures per account and address in 15 minutes (docs/operations.md, Redis).
  for (let n = 1; n <= 10; n += 1) {
    await expectAnswer(await tryPassword('a', n), 'a', 401, `wrong password ${n} on a`);
  }
  const eleventh = await tryPassword('b', 11);
  await expectAnswer(eleventh, 'b', 429, 'the 11th try, on b');
  expect(Number(eleventh.headers()['retry-after'])).toBeGreaterThan(0);
});

/** A PDF of `size` bytes (padded with a comment) saying `text`. */
function pdf(text: string, size: number): Buffer {
  const header = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`;
  const body = Buffer.from(header, 'latin1');
  const padding = Buffer.alloc(size - body.length, 0x20);
  padding[0] = 0x25; // '%'
  padding[padding.length - 1] = 0x0a;
  return Buffer.concat([body, padding]);
}

async function uploadThroughA(token: string, content: Buffer) {
  const business = await findBusiness('a', token, manageBusinesses.quiet.name);
  return sendFileToClient(pinned.a, token, business, { name: 'certificate.pdf', buffer: content });
}

test('a file uploaded through instance a downloads through instance b', async () => {
  const token = await login('a', managers.worker);
  // 2 MB: nginx keeps a body this large in a file of its own folder before passing it on.
  const content = pdf(`Certificate of incorporation, cluster run ${run}.`, 2 * 1024 * 1024);
  const uploaded = await uploadThroughA(token, content);
  await expectAnswer(uploaded, 'a', 201, 'the upload through a');
  const link = ((await uploaded.json()) as { data: { attachment_file: string | null } }).data
    .attachment_file;
  expect(link, 'the upload answers a download link').toBeTruthy();

  const downloaded = await pinned.b.get(new URL(link!, url).toString());
  await expectAnswer(downloaded, 'b', 200, 'the download through b');
  expect(Buffer.compare(await downloaded.body(), content), 'the same bytes').toBe(0);
});

test('a file over UPLOAD_MAX_BYTES is refused by the instance, with its own answer, through nginx', async () => {
  const token = await login('a', managers.worker);
  const refused = await uploadThroughA(token, pdf('Too large.', UPLOAD_MAX_BYTES + 64 * 1024));
  await expectAnswer(refused, 'a', 413, 'a file over the limit');
  expect(((await refused.json()) as { errors: { detail: string } }).errors.detail).toBe(
    apiErrorDetails.uploadTooLarge(UPLOAD_MAX_BYTES),
  );
});

test('a notification raised on instance a reaches a page connected to instance b', async ({
  browser,
}) => {
  const page = await (await browserOn(browser, 'b')).newPage();
  const stream = await signInWithStream(page, accounts.notifyB);
  expect(servedBy(stream), 'the page’s stream is served by b').toBe('b');
  const counted = await page.request.get(api(apiPaths.notifications.list), {
    headers: bearer((await storedToken(page))!),
  });
  await expectAnswer(counted, 'b', 200, 'the notification counts');
  const { unread } = ((await counted.json()) as { data: { counts: { unread: number } } }).data
    .counts;

  // Manager A fails a step on instance a.
  const token = await login('a', accounts.notifyA);
  const business = await findBusiness('a', token, notificationsBusiness.name);
  const step = business.business_formation_statuses.incorporation_status;
  const failed = await pinned.a.put(
    api(manageApiPaths.stepStatusUpdate('incorporation-status', step.id!)),
    { headers: bearer(token), data: { status: 'FAILED' } },
  );
  await expectAnswer(failed, 'a', 200, 'the step failed on a');

  // B's page, never reloaded, counts it within the acceptance's 2 s (and some slack here).
  await expect(page).toHaveTitle(`(${unread + 1}) Formation Desk`, { timeout: 5000 });
});

test('a password change on instance a ends the sessions on instance b', async ({ browser }) => {
  const account = managers.changer;
  const page = await (await browserOn(browser, 'b')).newPage();
  const stream = await signInWithStream(page, account);
  expect(servedBy(stream)).toBe('b');
  const pageToken = (await storedToken(page))!;

  const token = await login('a', account);
  const changed = await pinned.a.post(api(apiPaths.auth.changePassword), {
    headers: bearer(token),
    data: { old_password: account.password, new_password: `${account.password}-changed` },
  });
  await expectAnswer(changed, 'a', 200, 'the password change on a');
  const newToken = ((await changed.json()) as { token: string }).token;

  // The page's token is refused by b, and the page's stream on b has ended. b learns of the change
  // from PostgreSQL's NOTIFY, milliseconds after a's answer
  // (docs/decisions/015-the-auth-hook-s-checks-without-a.md): a request sent in that moment may
  // still pass, so b is asked until it refuses, for 2 s at most.
  const list = api(apiPaths.notifications.list);
  await expect
    .poll(
      async () => {
        const answer = await pinned.b.get(list, { headers: bearer(pageToken) });
        return `${servedBy(answer)} ${answer.status()}`;
      },
      { message: 'the page’s token refused on b', timeout: 2000, intervals: [25, 50, 100] },
    )
    .toBe('b 401');
  await expect
    .poll(() => page.evaluate(() => (window as StreamWatch).e2eStreamEnds), {
      message: 'the page’s stream on b ended (its end event)',
      timeout: 5000,
    })
    .toBe(1);
  // The change's own new token works there.
  await expectAnswer(
    await pinned.b.get(list, { headers: bearer(newToken) }),
    'b',
    200,
    'the new token on b',
  );
  // The page's session has ended: its next call signs it out, back to sign-in.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
