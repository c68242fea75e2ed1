import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Account } from './fixtures.ts';

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function signInAs(page: Page, account: Account, password = account.password) {
  await signIn(page, account.email, password);
  await expect(page).toHaveURL(/\/business$/);
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
export const storedManager = (page: Page) => page.evaluate(() => localStorage.getItem('manager'));

/** A signed-in browser's storage (the token and the manager record), to start other tests from. */
export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in once through the login screen, in a context of its own, and returns
 * its storage. A spec file calls it in `beforeAll` and `restoreSession` in
 * `beforeEach`: every test starts signed in without paying for another login
 * (argon2 is slow on two shared cores) or spending the account's login limit.
 */
export async function signInOnce(browser: Browser, account: Account): Promise<SignedInState> {
  // A context made by hand gets none of the config's `use` options: give it the server's address.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await signInAs(await context.newPage(), account);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Puts a `signInOnce` session into this test's browser, before its first page load: the cookies
 * at once; the stored token and manager when the first document of the app's origin in this page
 * starts, before any of the app's scripts. Once a tab for each call (a mark in the tab's
 * sessionStorage), so a test that signs out and reloads stays signed out, and a later call (a
 * test that signs in a session of its own over its file's) wins, as it would by replacing the
 * storage. Playwright's `setStorageState` opened a page of its own for the origin's storage: 0.4 s
 * a test, of a suite bound by CPU.
 */
export async function restoreSession(page: Page, state: SignedInState): Promise<void> {
  if (state.cookies.length > 0) await page.context().addCookies(state.cookies);
  await page.addInitScript(
    ({ origins, mark }) => {
      const stored = origins.find(({ origin }) => origin === location.origin);
      if (!stored || sessionStorage.getItem(mark)) return;
      localStorage.clear();
      for (const { name, value } of stored.localStorage) localStorage.setItem(name, value);
      sessionStorage.setItem(mark, 'yes');
    },
    { origins: state.origins, mark: `e2e-session-restored-${randomUUID()}` },
  );
}

/** Pastes text into an element the way a user's clipboard paste arrives. */
export async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}
