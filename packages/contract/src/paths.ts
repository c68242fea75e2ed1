import type { BusinessListStatus } from './business-values.ts';

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
    /** Ours: docs/product.md's logout is the client's alone; this also ends the token (decision 40). */
    logout: 'auth/logout/',
  },
  notifications: {
    list: 'notifications/',
    item: (uuid: string) => `notifications/${uuid}/`,
    /**
     * Ours: docs/product.md leaves 'Mark all as read' open
     * (docs/decisions/027-notifications-the-list-mark-all-as-read.md).
     */
    markAllRead: 'notifications/mark-all-read/',
    /** Ours: a short-lived, single-use ticket that opens the live stream (decision 27). */
    streamTicket: 'notifications/stream/ticket/',
    /** Ours: server-sent events, one per batch of new notifications (decision 27). */
    stream: 'notifications/stream/',
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

/**
 * The business list and detail paths, relative to API_BASE_PATH, as docs/product.md §7 names
 * them. Here rather than beside the business schemas, so code that only needs a path (the web
 * app's entry) loads no schema library.
 */
export const businessApiPaths = {
  list: 'manager/business/list/',
  listByStatus: (status: BusinessListStatus | string) => `manager/business/list/${status}/`,
  all: 'manager/business/all/',
  detail: (id: string | number) => `manager/business/detail/${id}/`,
  /** Ours: how long each step may wait before its business needs attention (§11.5). */
  waitLimits: 'manager/queue/limits/',
  /** Ours: the top bar's quick jump to a business (docs/product.md §10.2). */
  search: 'manager/business/search/',
  /** Ours: the list as a CSV file, every row of a view (docs/product.md §11.3). */
  export: 'manager/business/export/',
} as const;
