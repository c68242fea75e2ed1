/**
 * The accessibility check of the end-to-end suite: axe-core, run in the page itself, on
 * the page as it stands, against WCAG 2.0 and 2.1 A and AA, WCAG 2.2 AA (target size) and axe's
 * best practices. Any violation, whatever its impact, fails the test with what to fix: the
 * rule, its help, and each failing element's selector and axe's summary of the failure.
 *
 * A spec lists its screens as `ScreenCheck`s and calls `checkScreens` once: every screen is
 * checked at both viewports, in one test each. e2e/tests/accessibility.spec.ts is the list.
 */
import { expect, test, type Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

export const desktopViewport = { width: 1280, height: 800 } as const;
export const phoneViewport = { width: 390, height: 844 } as const;

/** Every check runs at both, desktop first. */
export const viewports = [
  { name: 'desktop', size: desktopViewport },
  { name: 'phone', size: phoneViewport },
] as const;

export type ViewportName = (typeof viewports)[number]['name'];

const axeOptions: RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  // Only the violations are worked out in full (every failing element, its selector and summary);
  // of what passed or could not be decided axe keeps one element a rule, which nothing here reads.
  resultTypes: ['violations'],
  // The app draws no frames. A frame it would show (the login's bot check when a site key is set)
  // is third-party content this suite could not fix anyway.
  iframes: false,
};

/**
 * axe-core itself, run in the page: put into the document once (a check at each viewport reads
 * the same document), then `axe.run` on the whole of it. Evaluated through the DevTools
 * protocol, as a script the page's own Content-Security-Policy does not govern. Half the time of
 * @axe-core/playwright's builder, which put the 550 kB of axe into the page again for every check
 * and ran more around it (docs/decisions/120-axe-run-in-the-page-once.md).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    axeOptions,
  );
}

/**
 * Waits until nothing on the page is still moving (a dialog's fade, a menu sliding in, a
 * toast entering or leaving), so that colours are read as they end up, not halfway through a
 * transition. Endless animations (spinners) are not waited for. A toast's progress bar runs
 * until the toast leaves, so a toast is waited out unless the check holds it (hovering it
 * pauses it) or closes it: e2e/tests/accessibility.spec.ts, holdToast and closeToast. Still
 * means still twice, 150 ms apart: one animation may end in the frame before the next one
 * starts (a toast's timer, then its exit).
 */
async function untilStill(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const isStill = () =>
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .every((animation) => animation.playState !== 'running');
          if (!isStill()) return false;
          await new Promise((resolve) => setTimeout(resolve, 150));
          return isStill();
        }),
      // Asked again 50 ms after each answer: Playwright's default waits of up to a second
      // between answers added half a second to most checks at the phone's width, where the
      // resize starts a transition.
      { message: 'every animation on the page has finished', timeout: 15_000, intervals: [50] },
    )
    .toBe(true);
}

/**
 * Runs axe on the whole page and fails on any violation of WCAG 2.0/2.1 A and AA, 2.2 AA or
 * axe's best practices. `context` names what is on screen (e.g. "login at 390×844"); it heads the message.
 */
export async function expectNoViolations(page: Page, context: string): Promise<void> {
  await untilStill(page);
  const { violations } = await runAxe(page);
  const report = violations.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...violation.nodes.map((node) =>
        [
          `  - ${node.target.map((part) => JSON.stringify(part)).join(' >> ')}`,
          `    ${node.html}`,
          ...(node.failureSummary ?? '').split('\n').map((line) => `    ${line}`),
        ].join('\n'),
      ),
    ].join('\n'),
  );
  expect(
    violations.length,
    `${context}: ${violations.length} accessibility violation(s)\n\n${report.join('\n\n')}\n`,
  ).toBe(0);
}

/** One screen, or one state of a screen, to check. */
export interface ScreenCheck {
  /** Names the test and heads a failure's message: "Settings", "Logout dialog". */
  name: string;
  /** Where to open it; a function when the path is only known at run time (a business's uuid). */
  path: string | (() => string);
  /**
   * After the page is opened: wait for what the screen shows, and open the state to check
   * (a dialog, a menu). Without it, the check waits for the first heading.
   */
  prepare?: (page: Page, viewport: ViewportName) => Promise<void>;
  /**
   * Before each viewport's check (after `prepare`, and after the resize to the phone): puts
   * back what a resize undoes. A toast held under the pointer (accessibility.spec.ts,
   * holdToast) is no longer under it once the page is narrower: its timer runs again and the
   * toast would leave before the phone's check.
   */
  beforeCheck?: (page: Page, viewport: ViewportName) => Promise<void>;
  /** Only at this viewport (a state that exists at one size only, e.g. the phone's side menu). */
  only?: ViewportName;
}

/**
 * Declares one test per screen: it opens the screen (and its state) at the first viewport it
 * is checked at, desktop first, checks it, then resizes to the phone and checks it again — the
 * same state at both widths, for one page load and one `prepare` (sign-ins, mailed codes and
 * seeded comments are the slow part of a check), with `beforeCheck` before each check. Call it
 * inside a `test.describe` whose hooks set up what the screens need (a signed-in session).
 * Playwright reports these tests at this file's line, under the calling spec.
 */
export function checkScreens(screens: readonly ScreenCheck[]): void {
  for (const screen of screens) {
    const sizes = viewports.filter(({ name }) => !screen.only || screen.only === name);
    test(screen.name, async ({ page }) => {
      for (const [index, viewport] of sizes.entries()) {
        const context = `${screen.name} at ${viewport.size.width}×${viewport.size.height}`;
        await test.step(context, async () => {
          await page.setViewportSize(viewport.size);
          if (index === 0) {
            await page.goto(typeof screen.path === 'function' ? screen.path() : screen.path);
            if (screen.prepare) await screen.prepare(page, viewport.name);
            else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          }
          if (screen.beforeCheck) await screen.beforeCheck(page, viewport.name);
          await expectNoViolations(page, context);
        });
      }
    });
  }
}
