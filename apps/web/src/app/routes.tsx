import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { RouteErrorPage } from '../features/misc/components/route-error-page.tsx';
import { RedirectIfSignedIn, RequireAuth } from './route-guards.tsx';

/** React.lazy for a named export: each screen becomes its own chunk. */
function lazyScreen<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
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
const ComingSoonPage = lazyScreen(
  () => import('../features/misc/components/coming-soon-page.tsx'),
  'ComingSoonPage',
);
const PlaceholderPage = lazyScreen(
  () => import('../components/placeholder-page.tsx'),
  'PlaceholderPage',
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
const DocumentsPage = lazyScreen(
  () => import('../features/documents/components/documents-page.tsx'),
  'DocumentsPage',
);
const NotificationsPage = lazyScreen(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
);
const NotFoundPage = lazyScreen(
  () => import('../features/misc/components/not-found-page.tsx'),
  'NotFoundPage',
);

function RootBoundary() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Screens that later issues build; each has its route and heading already. */
const placeholderRoutes: { path: string; title: string }[] = [
  { path: paths.request, title: 'Request' },
  { path: paths.requestDetails, title: 'Request details' },
  { path: paths.onboarding, title: 'Onboarding' },
  { path: paths.taxReturn, title: 'Tax return' },
];

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
              { path: paths.business, element: <BusinessesPage /> },
              { path: paths.documents, element: <DocumentsPage /> },
              {
                path: paths.fullBusinessDetails(':businessID'),
                element: <BusinessDetailsPage />,
              },
              {
                path: paths.manageBusiness(':businessUUID'),
                element: <ManageBusinessPage />,
              },
              { path: paths.compliance, element: <ComingSoonPage /> },
              { path: paths.mobileNotifications, element: <NotificationsPage /> },
              ...placeholderRoutes.map(({ path, title }) => ({
                path,
                element: <PlaceholderPage title={title} />,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
