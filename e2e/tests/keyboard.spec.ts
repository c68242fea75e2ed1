import { expect, test, type Locator, type Page } from '@playwright/test';
import { businessApi } from '../business-oracle.ts';
import { accounts, manageBusinesses } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * The keyboard (docs/product.md §12.3): every shortcut the `?` dialog lists does what it says —
 * the list is read from the dialog, so a shortcut added without a check here fails — none runs
 * while typing in a field, and the command menu (Ctrl-K) runs its actions.
 */

const account = accounts.keyboard;
const managerName = `${account.firstName} ${account.lastName}`;

let session: SignedInState;
test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, account);
});
test.beforeEach(async ({ page }) => {
  await restoreSession(page, session);
});

/** A shortcut as the `?` dialog shows it, its keys as Playwright presses them. */
interface Listed {
  keys: string[];
  description: string;
}

const pressedAs: Record<string, string> = {
  'Ctrl K': 'Control+k',
  'Ctrl Enter': 'Control+Enter',
  Esc: 'Escape',
};

const shortcutsDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Opens the `?` dialog and reads every row of it. */
async function readShortcutsDialog(page: Page): Promise<Listed[]> {
  await page.keyboard.press('?');
  await expect(shortcutsDialog(page)).toBeVisible();
  const listed: Listed[] = [];
  for (const row of await shortcutsDialog(page).locator('tbody tr').all()) {
    const keys = await row.locator('kbd').allTextContents();
    const description = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
    listed.push({ keys: keys.map((key) => pressedAs[key] ?? key), description });
  }
  return listed;
}

async function press(page: Page, keys: readonly string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

/** The screens `g` goes to, by the name the dialog gives them. */
const screenPaths: Record<string, string> = {
  Businesses: '/business',
  Documents: '/document-page',
  Requests: '/request',
  Compliance: '/compliance',
  Insights: '/insights',
  Notifications: '/mobilenotification',
  Settings: '/settings',
};

const businessRows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Businesses' }).locator('tbody tr');

async function openList(page: Page): Promise<void> {
  await page.goto('/business');
  await expect(businessRows(page).nth(1)).toBeVisible();
}

async function manageUuid(page: Page, name: string): Promise<string> {
  return (await (await businessApi(page, page.context().request)).findByName(name)).uuid;
}

async function openManage(page: Page, name: string): Promise<void> {
  await page.goto('/settings');
  await page.goto(`/manage-business/${await manageUuid(page, name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage business' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change status of / }).first()).toBeVisible();
}

interface Check {
  match: RegExp;
  /** Whether the check knows what this line should do (a screen it knows the path of). */
  knows?: (found: RegExpMatchArray) => boolean;
  run: (page: Page, shortcut: Listed, found: RegExpMatchArray, all: Listed[]) => Promise<void>;
}

const keysOf = (all: Listed[], description: string): string[] => {
  const shortcut = all.find((entry) => entry.description === description);
  expect(shortcut, `the dialog lists "${description}"`).toBeDefined();
  return shortcut!.keys;
};

const checks: Check[] = [
  {
    match: /^Show the keyboard shortcuts$/,
    async run(page, shortcut) {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await press(page, shortcut.keys);
      await expect(shortcutsDialog(page)).toBeVisible();
      await expect(shortcutsDialog(page).locator('tbody tr').first()).toBeVisible();
    },
  },
  {
    match: /^Search businesses$/,
    async run(page, shortcut) {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await press(page, shortcut.keys);
      await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
    },
  },
  {
    match: /^Open the command menu$/,
    async run(page, shortcut) {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await press(page, shortcut.keys);
      await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
      await expect(
        page
          .getByRole('group', { name: 'Actions' })
          .getByRole('option', { name: 'Go to Settings' }),
      ).toBeVisible();
    },
  },
  {
    match: /^Go to (.+)$/,
    knows: (found) => found[1]! in screenPaths,
    async run(page, shortcut, found) {
      const target = screenPaths[found[1]!]!;
      const from = target === '/settings' ? '/compliance' : '/settings';
      await page.goto(from);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await press(page, shortcut.keys);
      await expect(page).toHaveURL((url) => url.pathname === target);
    },
  },
  {
    match: /^Close the open dialog or menu$/,
    async run(page, shortcut, _found, all) {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await press(page, keysOf(all, 'Show the keyboard shortcuts'));
      await expect(shortcutsDialog(page)).toBeVisible();
      await press(page, shortcut.keys);
      await expect(shortcutsDialog(page)).toBeHidden();

      // A menu closes too.
      await page.getByRole('button', { name: /Account menu$/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await press(page, shortcut.keys);
      await expect(page.getByRole('menu')).toBeHidden();
    },
  },
  {
    match: /^Highlight the next row$/,
    async run(page, shortcut) {
      await openList(page);
      await press(page, shortcut.keys);
      await expect(businessRows(page).nth(0)).toBeFocused();
      await press(page, shortcut.keys);
      await expect(businessRows(page).nth(1)).toBeFocused();
    },
  },
  {
    match: /^Highlight the previous row$/,
    async run(page, shortcut, _found, all) {
      await openList(page);
      const next = keysOf(all, 'Highlight the next row');
      await press(page, [...next, ...next, ...next]);
      await expect(businessRows(page).nth(2)).toBeFocused();
      await press(page, shortcut.keys);
      await expect(businessRows(page).nth(1)).toBeFocused();
    },
  },
  {
    match: /^Open the highlighted row$/,
    async run(page, shortcut, _found, all) {
      await openList(page);
      await press(page, keysOf(all, 'Highlight the next row'));
      const name = await businessRows(page).nth(0).locator('td').nth(2).textContent();
      await press(page, shortcut.keys);
      await expect(page).toHaveURL(/\/full-business-details\/[0-9a-f-]{36}$/);
      await expect(page.getByText(name!.trim()).first()).toBeVisible();
    },
  },
  {
    match: /^Open the status menu of (.+)$/,
    async run(page, shortcut, found) {
      await openManage(page, manageBusinesses.keys.name);
      // With the steps' sections closed, the key opens the one its step is in.
      for (const section of ['Status management', 'Verification documents']) {
        const toggle = page.getByRole('button', { name: section, exact: true });
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      }
      await expect(page.getByRole('button', { name: /^Change status of / })).toHaveCount(0);
      await press(page, shortcut.keys);
      const menu = page.getByRole('menu', { name: `Change status of ${found[1]}` });
      await expect(menu).toBeVisible();
      await expect(
        page.getByRole('button', { name: `Change status of ${found[1]}`, exact: true }),
      ).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    },
  },
  {
    match: /^Post the comment being written$/,
    async run(page, shortcut) {
      await openManage(page, manageBusinesses.keys.name);
      const text = `Posted from the keyboard at ${Date.now()}.`;
      await page.getByLabel('Add a comment').fill(text);
      await press(page, shortcut.keys);
      await expect(
        page
          .getByRole('list', { name: 'Comments' })
          .getByRole('listitem')
          .filter({ hasText: text }),
      ).toBeVisible();
      await expect(page.getByLabel('Add a comment')).toHaveValue('');
    },
  },
];

test('every shortcut the ? dialog lists does what it says', async ({ page }) => {
  // A screen or two for each of some twenty shortcuts.
  test.setTimeout(180_000);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const listed = await readShortcutsDialog(page);
  expect(listed.length).toBeGreaterThan(0);

  const untested = listed.filter((shortcut) => {
    const check = checks.find((candidate) => candidate.match.test(shortcut.description));
    const found = check && shortcut.description.match(check.match);
    return !check || !found || (check.knows !== undefined && !check.knows(found));
  });
  expect(
    untested.map((shortcut) => `${shortcut.keys.join(' ')}: ${shortcut.description}`),
    'shortcuts the dialog lists with no check in this spec',
  ).toEqual([]);

  for (const shortcut of listed) {
    const check = checks.find((candidate) => candidate.match.test(shortcut.description))!;
    await test.step(`${shortcut.keys.join(' then ')}: ${shortcut.description}`, () =>
      check.run(page, shortcut, shortcut.description.match(check.match)!, listed));
  }
});

test('no shortcut runs while typing in a field', async ({ page }) => {
  await openList(page);
  const listed = await readShortcutsDialog(page);
  await page.keyboard.press('Escape');
  // Every key a shortcut starts with or goes on with, but the named ones (Enter, Escape) and the
  // chords (Ctrl K, Ctrl Enter), which are meant for fields too.
  const typed = listed
    .flatMap((shortcut) => shortcut.keys)
    .filter((key) => key.length === 1)
    .join('');
  expect(typed).toContain('?');
  expect(typed).toContain('g');

  const typeInto = async (field: Locator) => {
    await field.focus();
    for (const key of typed) await page.keyboard.press(key);
    await expect(field).toHaveValue(typed);
    await expect(shortcutsDialog(page)).toBeHidden();
    await expect(page.getByRole('menu')).toBeHidden();
  };

  // The top bar's search box.
  const search = page.getByRole('combobox', { name: 'Search' });
  await typeInto(search);
  await expect(page).toHaveURL((url) => url.pathname === '/business');
  await expect(businessRows(page).first()).not.toBeFocused();
  await search.fill('');

  // A dialog's field: the name of a saved view.
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('button', { name: 'Save current view…' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save current view' });
  await typeInto(saveDialog.getByLabel('Name'));
  await expect(saveDialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/business');
  await saveDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(saveDialog).toBeHidden();

  // The comment box of the manage screen.
  await openManage(page, manageBusinesses.keys.name);
  const address = page.url();
  await typeInto(page.getByLabel('Add a comment'));
  expect(page.url()).toBe(address);
  // Nothing was posted: no comment holds the typed text (the list may still be loading others').
  await expect(
    page.getByRole('list', { name: 'Comments' }).getByText(typed, { exact: true }),
  ).toHaveCount(0);
});

test('the command menu goes to a screen, opens a saved view and assigns to me', async ({
  page,
}) => {
  const search = page.getByRole('combobox', { name: 'Search' });
  const action = (name: string | RegExp) =>
    page.getByRole('group', { name: 'Actions' }).getByRole('option', { name });
  const run = async (typedText: string, name: string | RegExp) => {
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await search.fill(typedText);
    await expect(action(name)).toBeVisible();
    await action(name).click();
  };

  // Go to a screen.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await run('documents', 'Go to Documents');
  await expect(page).toHaveURL((url) => url.pathname === '/document-page');

  // Open a saved view: saved here, then opened from another screen by the keyboard alone.
  await page.goto('/business?country=UK&page_size=25');
  await expect(businessRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('button', { name: 'Save current view…' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save current view' });
  await saveDialog.getByLabel('Name').fill('UK by 25');
  await saveDialog.getByRole('button', { name: 'Save view' }).click();
  await expect(saveDialog).toBeHidden();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await search.pressSequentially('uk by', { delay: 20 });
  await expect(action('Open view: UK by 25')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(action('Open view: UK by 25')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/business\?(?=.*country=UK)(?=.*page_size=25)/);

  // Assign to me, on the manage screen.
  await openManage(page, manageBusinesses.keys.name);
  const assignment = page.getByRole('region', { name: 'Assignment' });
  await expect(assignment.getByTestId('assignee-name')).toHaveText('Unassigned');
  await run('assign', `Assign ${manageBusinesses.keys.name} to me`);
  await expect(assignment.getByTestId('assignee-name')).toHaveText(managerName);

  // Assign to me, the list's highlighted row.
  const rowName = manageBusinesses.keysRow.name;
  await page.goto(`/business?search=${encodeURIComponent(rowName)}`);
  await expect(businessRows(page).filter({ hasText: rowName })).toHaveCount(1);
  await page.keyboard.press('j');
  await expect(businessRows(page).first()).toBeFocused();
  await run('assign', `Assign ${rowName} to me`);
  await expect(
    page.getByRole('alert').filter({ hasText: `Business assigned to ${managerName}.` }),
  ).toBeVisible();
  const api = await businessApi(page, page.context().request);
  const assigned = await api.detail((await api.findByName(rowName)).uuid);
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('manager')!) as { id: number },
  );
  expect(assigned.assignee_id).toBe(me.id);
});
