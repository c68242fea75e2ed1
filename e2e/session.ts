import { expect, type Page } from '@playwright/test';
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
