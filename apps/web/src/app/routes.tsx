import { businessApiPaths } from '@fd/contract';
import { lazy, Suspense, useState, type ComponentType, type FunctionComponent } from 'react';
import { matchRoutes, Outlet, type Params, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { HOME_PATH, paths } from '../config/paths.ts';
import { api } from '../lib/api-client.ts';
import { loadBusinessDetailSchema } from '../lib/business-schema-loaders.ts';
import { readSession } from '../lib/session.ts';
import { RouteErrorPage } from '../features/misc/components/route-error-page.tsx';
import { RedirectIfSignedIn, RequireAuth } from './route-guards.tsx';

interface LazyScreen<Props extends object> extends FunctionComponent<Props> {
  /** Loads the screen's chunk; once it has, the screen renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy for a named export: each screen becomes its own chunk. A screen whose chunk was
 * loaded before it first rendered (`preload`, see `preloadRoute`) renders at once, with no
 * Suspense fallback in between; otherwise it suspends as React.lazy does. Each mounted screen
 * keeps the way it started, so a screen is never remounted when its chunk arrives.
 */
function lazyScreen<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return loaded;
    });
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: Props) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Screen.preload = preload;
  return Screen as LazyScreen<Props>;
}

const LoginScreen = lazyScreen(
  () => import('../features/auth/components/login-screen.tsx'),
  'LoginScreen',
);
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/components/forgot-password-screen.tsx'),
  'ForgotPasswordScreen',
);
const VerifyOtpScreen = lazyScreen(
  () => import('../features/auth/components/verify-otp-screen.tsx'),
  'VerifyOtpScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/auth/components/reset-password-screen.tsx'),
  'ResetPasswordScreen',
);
const SignedInLayout = lazyScreen(() => import('./signed-in-layout.tsx'), 'SignedInLayout');
const SettingsPage = lazyScreen(
  () => import('../features/settings/components/settings-page.tsx'),
  'SettingsPage',
);
const InsightsPage = lazyScreen(
  () => import('../features/insights/components/insights-page.tsx'),
  'InsightsPage',
);
const ComingSoonPage = lazyScreen(
  () => import('../features/misc/components/coming-soon-page.tsx'),
  'ComingSoonPage',
);
const ManagerGroupLayout = lazyScreen(
  () => import('../features/shell/components/manager-group-layout.tsx'),
  'ManagerGroupLayout',
);
const BusinessesPage = lazyScreen(
  () => import('../features/businesses/components/businesses-page.tsx'),
  'BusinessesPage',
);
const BusinessDetailsPage = lazyScreen(
  () => import('../features/businesses/components/business-details-page.tsx'),
  'BusinessDetailsPage',
);
const ManageBusinessPage = lazyScreen(
  () => import('../features/manage/components/manage-business-page.tsx'),
  'ManageBusinessPage',
);
const DocumentsPage = lazyScreen(() => import('./documents-screen.tsx'), 'DocumentsScreen');
const NotificationsPage = lazyScreen(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
);
const RequestPage = lazyScreen(
  () => import('../features/mockups/components/request-page.tsx'),
  'RequestPage',
);
const RequestDetailsPage = lazyScreen(
  () => import('../features/mockups/components/request-details-page.tsx'),
  'RequestDetailsPage',
);
const OnboardingPage = lazyScreen(
  () => import('../features/mockups/components/onboarding-page.tsx'),
  'OnboardingPage',
);
const TaxReturnPage = lazyScreen(
  () => import('../features/mockups/components/tax-return-page.tsx'),
  'TaxReturnPage',
);
const FlexDashboardPage = lazyScreen(
  () => import('../features/mockups/components/flex-dashboard-page.tsx'),
  'FlexDashboardPage',
);
const FlexProfilePage = lazyScreen(
  () => import('../features/mockups/components/flex-profile-page.tsx'),
  'FlexProfilePage',
);
const FlexInvoicePage = lazyScreen(
  () => import('../features/mockups/components/flex-invoice-page.tsx'),
  'FlexInvoicePage',
);
const NotFoundPage = lazyScreen(
  () => import('../features/misc/components/not-found-page.tsx'),
  'NotFoundPage',
);

/**
 * What a route's `handle` may say: the answers its screen reads first, asked for early, from
 * the address's path parameters and query.
 */
interface RouteHandle {
  /**
   * Starts the calls. A list screen's calls depend on its address query, read by the screen's own
   * module (the one it builds its calls with); that module is one of the screen's chunks, which the
   * route's page already names as `modulepreload` links
   * (docs/decisions/038-a-signed-in-first-visit-the-route.md), and is imported here on its own
   * rather than statically, so the entry stays as light as it was.
   */
  startData?: (params: Params, query: URLSearchParams) => void | Promise<void>;
}

/** The business detail both detail screens read first (lib/business-queries.ts asks the same). */
const startBusinessDetail = (param: string) => (params: Params) => {
  const id = params[param];
  if (id) {
    api.startEarly(
      businessApiPaths.detail(encodeURIComponent(id)),
      undefined,
      loadBusinessDetailSchema,
    );
  }
};

function RootBoundary() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootBoundary />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: paths.login, element: <LoginScreen /> }],
      },
      { path: paths.forgotPassword, element: <ForgotPasswordScreen /> },
      { path: paths.verifyOtp, element: <VerifyOtpScreen /> },
      { path: paths.resetPassword, element: <ResetPasswordScreen /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SignedInLayout />,
            children: [
              { path: paths.settings, element: <SettingsPage /> },
              {
                path: paths.business,
                element: <BusinessesPage />,
                handle: {
                  startData: async (_params: Params, query: URLSearchParams) =>
                    (
                      await import('../features/businesses/business-list-view.ts')
                    ).startBusinessListEarly(query),
                } satisfies RouteHandle,
              },
              {
                path: paths.documents,
                element: <DocumentsPage />,
                handle: {
                  startData: async (_params: Params, query: URLSearchParams) =>
                    (
                      await import('../features/documents/document-list-view.ts')
                    ).startDocumentListEarly(query),
                } satisfies RouteHandle,
              },
              {
                path: paths.fullBusinessDetails(':businessID'),
                element: <BusinessDetailsPage />,
                handle: { startData: startBusinessDetail('businessID') },
              },
              {
                path: paths.manageBusiness(':businessUUID'),
                element: <ManageBusinessPage />,
                handle: { startData: startBusinessDetail('businessUUID') },
              },
              { path: paths.insights, element: <InsightsPage /> },
              { path: paths.compliance, element: <ComingSoonPage /> },
              { path: paths.mobileNotifications, element: <NotificationsPage /> },
              // The static mock-ups (docs/product.md §2.5): sample data, no calls.
              { path: paths.request, element: <RequestPage /> },
              { path: paths.requestDetails, element: <RequestDetailsPage /> },
              { path: paths.onboarding, element: <OnboardingPage /> },
              { path: paths.taxReturn, element: <TaxReturnPage /> },
            ],
          },
          {
            // The manager group (docs/product.md §2.4): its own layout, static screens.
            element: <ManagerGroupLayout />,
            children: [
              { path: paths.flexDashboard, element: <FlexDashboardPage /> },
              { path: paths.flexProfile, element: <FlexProfilePage /> },
              { path: paths.flexInvoice, element: <FlexInvoicePage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Asks for the answers the address's screen reads first, while its chunks load rather than after
 * they have run: a detail screen's business, a list screen's page and tab counts
 * (docs/decisions/048-each-route-s-page-carries-its-first.md,
 * docs/decisions/051-the-list-screens-first-calls-start-with.md). Settles once every call is on its
 * way. Only a head start: the screen asks for whatever was not started, and reports what fails (a
 * chunk that would not load, say), so nothing that fails here may stop the app from starting.
 */
export async function startRouteData({
  pathname,
  search,
}: {
  pathname: string;
  search: string;
}): Promise<void> {
  const query = new URLSearchParams(search);
  const starts = (matchRoutes(routes, pathname) ?? []).map(async ({ route, params }) =>
    (route.handle as RouteHandle | undefined)?.startData?.(params, query),
  );
  await Promise.all(starts.map((start) => start.catch(() => undefined)));
}

const elementType = (route: RouteObject): unknown =>
  (route.element as { type?: unknown } | undefined)?.type;

/**
 * The address whose screens the app will show for `pathname`, as the route guards decide it:
 * a signed-in address opened without a session shows sign-in (`RequireAuth`), sign-in opened
 * with one shows the home screen (`RedirectIfSignedIn`).
 */
function shownPathname(pathname: string): string {
  const guards = (matchRoutes(routes, pathname) ?? []).map(({ route }) => elementType(route));
  const signedIn = Boolean(readSession().token);
  if (guards.includes(RequireAuth) && !signedIn) return paths.login;
  if (guards.includes(RedirectIfSignedIn) && signedIn) return HOME_PATH;
  return pathname;
}

/**
 * Loads the lazy screens (and layouts) the address shows, so the first render finds them loaded:
 * the server's page for a route already names their chunks as `modulepreload` links
 * (apps/web/build/route-preloads.ts), and rendering before they arrive would commit the Suspense
 * fallback first and reveal the screen in a second pass
 * (docs/decisions/038-a-signed-in-first-visit-the-route.md). Where a guard will send the visitor
 * elsewhere, the screens loaded are the ones shown there: a visitor without a session who opens a
 * signed-in address waits for the sign-in screen's small chunk, not the signed-in screen's, while
 * the page shows that screen's frame. A failed load is left to the lazy screen, which tries again
 * and reports it as it would.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const screens = (matchRoutes(routes, shownPathname(pathname)) ?? []).flatMap(({ route }) => {
    const type = elementType(route);
    return typeof type === 'function' && 'preload' in type
      ? [(type as LazyScreen<object>).preload]
      : [];
  });
  await Promise.all(screens.map((preload) => preload().catch(() => undefined)));
}
