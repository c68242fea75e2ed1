/** Every route of the web app (docs/product.md §2), so screens never re-type a path. */
export const paths = {
  login: '/',
  forgotPassword: '/forgot-password',
  verifyOtp: '/verify-otp',
  resetPassword: '/reset-password',
  business: '/business',
  /** The list's 'Needs attention' tab, where the side menu's Dashboard leads (docs/product.md §11.5). */
  workQueue: '/business?status=attention',
  settings: '/settings',
  insights: '/insights',
  request: '/request',
  requestDetails: '/request-details',
  documents: '/document-page',
  compliance: '/compliance',
  mobileNotifications: '/mobilenotification',
  onboarding: '/onboarding',
  taxReturn: '/tax-return',
  flexDashboard: '/flex-dashboard',
  flexProfile: '/flex-profile',
  flexInvoice: '/flex-invoice',
  manageBusiness: (businessUUID: string) => `/manage-business/${businessUUID}`,
  fullBusinessDetails: (businessID: string) => `/full-business-details/${businessID}`,
} as const;

/** Where a signed-in manager lands. */
export const HOME_PATH = paths.business;
