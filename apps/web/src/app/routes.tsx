import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import {
  matchRoutes,
  Outlet,
  useNavigation,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { env } from '../config/env.ts';
import { HOME_PATH, paths } from '../config/paths.ts';
import { readSession } from '../lib/session.ts';
import { RouteErrorPage } from '../features/misc/components/route-error-page.tsx';
import { RedirectIfSignedIn, RequireAuth } from './route-guards.tsx';

/**
 * A screen's chunk for React Router's `lazy`: each screen (and layout) is its own chunk, which
 * the router loads before it renders the route, so a screen never renders a loading fallback in
 * place of itself (docs/decisions/086-route-data-with-react-router-s-lazy-and-loader.md).
 */
const screen =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] });

/**
 * A route loader that starts the screen's first reads in the signed-in area's query cache while
 * the screen's chunks load (`prefetchQuery`), and returns without waiting for them: the screen's own queries find
 * them in flight or answered, and report a failure as they would (the navigation is never held
 * back by data, nor failed by it). Only with a session, and never while the pages are rendered at
 * build time. `start` imports what it needs with `import()`: the modules are among the route's
 * chunks (its page names them as `modulepreload` links: apps/web/build/route-preloads.ts), and
 * the entry stays as light as it was
 * (docs/decisions/048-each-route-s-page-carries-its-first.md,
 * docs/decisions/051-the-list-screens-first-calls-start-with.md).
 */
function startReads(start: (args: LoaderFunctionArgs, client: QueryClient) => Promise<void>) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    if (env.atBuildTime || !readSession().token) return null;
    try {
      const { queryClient } = await import('../lib/query-client.ts');
      await start(args, queryClient);
    } catch {
      // Only a head start: the screen asks for what was not started.
    }
    return null;
  };
}

/**
 * The loaders above run when the route is entered, not again for a new query on the same screen:
 * the screen asks for its next page itself, and the loader's opening call (a list's, with the page
 * kept in session storage) would not be the one it asks for.
 */
const onEntering = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname;

/** A list screen's page and tab counts, from the address. */
const startBusinessList = startReads(async ({ request }, client) => {
  const [{ businessListFirstRequests }, { businessListQueryOptions }] = await Promise.all([
    import('../features/businesses/business-list-view.ts'),
    import('../lib/business-queries.ts'),
  ]);
  for (const call of businessListFirstRequests(new URL(request.url).searchParams)) {
    void client.prefetchQuery(businessListQueryOptions(call));
  }
});

const startDocumentList = startReads(async ({ request }, client) => {
  const [{ documentListFirstRequests }, { businessListQueryOptions }] = await Promise.all([
    import('../features/documents/document-list-view.ts'),
    import('../lib/business-queries.ts'),
  ]);
  for (const call of documentListFirstRequests(new URL(request.url).searchParams)) {
    void client.prefetchQuery(businessListQueryOptions(call));
  }
});

/** The business both detail screens read first. */
const startBusinessDetail = (param: string) =>
  startReads(async ({ params }, client) => {
    const id = params[param];
    if (!id) return;
    const { businessDetailQueryOptions } = await import('../lib/business-queries.ts');
    void client.prefetchQuery(businessDetailQueryOptions(id));
  });

/**
 * The root: the screens, with a thin bar while the router loads the next screen's chunk (the
 * screen on show stays until then), and a Suspense boundary for what a screen loads lazily inside
 * itself.
 */
function RootBoundary() {
  const navigating = useNavigation().state === 'loading';
  return (
    <>
      {navigating && (
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-600"
        />
      )}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootBoundary />,
    errorElement: <RouteErrorPage />,
    // Never shown by the app, which renders once the first screen has loaded (main.tsx).
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.login,
            lazy: screen(
              () => import('../features/auth/components/login-screen.tsx'),
              'LoginScreen',
            ),
          },
        ],
      },
      {
        path: paths.forgotPassword,
        lazy: screen(
          () => import('../features/auth/components/forgot-password-screen.tsx'),
          'ForgotPasswordScreen',
        ),
      },
      {
        path: paths.verifyOtp,
        lazy: screen(
          () => import('../features/auth/components/verify-otp-screen.tsx'),
          'VerifyOtpScreen',
        ),
      },
      {
        path: paths.resetPassword,
        lazy: screen(
          () => import('../features/auth/components/reset-password-screen.tsx'),
          'ResetPasswordScreen',
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: screen(() => import('./signed-in-layout.tsx'), 'SignedInLayout'),
            children: [
              {
                path: paths.settings,
                lazy: screen(
                  () => import('../features/settings/components/settings-page.tsx'),
                  'SettingsPage',
                ),
              },
              {
                path: paths.business,
                loader: startBusinessList,
                shouldRevalidate: onEntering,
                lazy: screen(
                  () => import('../features/businesses/components/businesses-page.tsx'),
                  'BusinessesPage',
                ),
              },
              {
                path: paths.documents,
                loader: startDocumentList,
                shouldRevalidate: onEntering,
                lazy: screen(
                  () => import('../features/documents/components/documents-page.tsx'),
                  'DocumentsPage',
                ),
              },
              {
                path: paths.fullBusinessDetails(':businessID'),
                loader: startBusinessDetail('businessID'),
                shouldRevalidate: onEntering,
                lazy: screen(
                  () => import('../features/businesses/components/business-details-page.tsx'),
                  'BusinessDetailsPage',
                ),
              },
              {
                path: paths.manageBusiness(':businessUUID'),
                loader: startBusinessDetail('businessUUID'),
                shouldRevalidate: onEntering,
                lazy: screen(
                  () => import('../features/manage/components/manage-business-page.tsx'),
                  'ManageBusinessPage',
                ),
              },
              {
                path: paths.compliance,
                lazy: screen(
                  () => import('../features/misc/components/coming-soon-page.tsx'),
                  'ComingSoonPage',
                ),
              },
              {
                path: paths.mobileNotifications,
                lazy: screen(
                  () => import('../features/notifications/components/notifications-page.tsx'),
                  'NotificationsPage',
                ),
              },
              // The static mock-ups (docs/product.md §2.5): sample data, no calls.
              {
                path: paths.request,
                lazy: screen(
                  () => import('../features/mockups/components/request-page.tsx'),
                  'RequestPage',
                ),
              },
              {
                path: paths.requestDetails,
                lazy: screen(
                  () => import('../features/mockups/components/request-details-page.tsx'),
                  'RequestDetailsPage',
                ),
              },
              {
                path: paths.onboarding,
                lazy: screen(
                  () => import('../features/mockups/components/onboarding-page.tsx'),
                  'OnboardingPage',
                ),
              },
              {
                path: paths.taxReturn,
                lazy: screen(
                  () => import('../features/mockups/components/tax-return-page.tsx'),
                  'TaxReturnPage',
                ),
              },
            ],
          },
          {
            // The manager group (docs/product.md §2.4): its own layout, static screens.
            lazy: screen(
              () => import('../features/shell/components/manager-group-layout.tsx'),
              'ManagerGroupLayout',
            ),
            children: [
              {
                path: paths.flexDashboard,
                lazy: screen(
                  () => import('../features/mockups/components/flex-dashboard-page.tsx'),
                  'FlexDashboardPage',
                ),
              },
              {
                path: paths.flexProfile,
                lazy: screen(
                  () => import('../features/mockups/components/flex-profile-page.tsx'),
                  'FlexProfilePage',
                ),
              },
              {
                path: paths.flexInvoice,
                lazy: screen(
                  () => import('../features/mockups/components/flex-invoice-page.tsx'),
                  'FlexInvoicePage',
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('../features/misc/components/not-found-page.tsx'),
          'NotFoundPage',
        ),
      },
    ],
  },
];

const elementType = (route: RouteObject): unknown =>
  (route.element as { type?: unknown } | undefined)?.type;

/**
 * The address whose screens the app shows first for `pathname`, as the route guards decide it:
 * a signed-in address opened without a session shows sign-in (`RequireAuth`), sign-in opened
 * with one shows the home screen (`RedirectIfSignedIn`). The app starts its router there
 * (main.tsx), so the router loads the chunks of the screen the visitor will see, not those of
 * one a guard would leave at once: a visitor without a session at a signed-in address waits for
 * the sign-in screen's small chunk while the page shows its frame
 * (docs/decisions/038-a-signed-in-first-visit-the-route.md).
 */
export function guardedPathname(pathname: string): string {
  const guards = (matchRoutes(routes, pathname) ?? []).map(({ route }) => elementType(route));
  const signedIn = Boolean(readSession().token);
  if (guards.includes(RequireAuth) && !signedIn) return paths.login;
  if (guards.includes(RedirectIfSignedIn) && signedIn) return HOME_PATH;
  return pathname;
}
