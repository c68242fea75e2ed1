/** Base path of every API call; the web app may point elsewhere with VITE_API_BASE_URL. */
export const API_BASE_PATH = '/api/v1';

/**
 * API paths relative to the base, exactly as docs/product.md §7 names them.
 * The server accepts each with or without its trailing slash.
 */
export const apiPaths = {
  auth: {
    login: 'auth/login/',
    register: 'auth/register/',
    social: 'auth/social/',
    forgotPassword: 'auth/forgot-password/',
    verifyOtp: 'auth/otp/verify/',
    resetPassword: 'auth/reset-password/',
    changePassword: 'auth/change-password/',
  },
  notifications: {
    list: 'notifications/',
    item: (uuid: string) => `notifications/${uuid}/`,
  },
} as const;

/** Calls that never carry the bearer credential (docs/product.md §6). */
export const unauthenticatedPaths: readonly string[] = [
  apiPaths.auth.register,
  apiPaths.auth.login,
  apiPaths.auth.forgotPassword,
  apiPaths.auth.social,
  apiPaths.auth.verifyOtp,
  apiPaths.auth.resetPassword,
];
