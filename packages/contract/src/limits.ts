/** Business constants of docs/product.md §9 and the security limits of docs/architecture.md §6. */
export const LIST_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 500;
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const RESET_PASSWORD_MIN_LENGTH = 8;
export const CHANGE_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const FORGOT_PASSWORD_NAV_DELAY_MS = 100;
export const SIDE_MENU_CLOSE_DELAY_MS = 300;
export const TOAST_AUTO_CLOSE_MS = 4000;
/**
 * How long a signed download link works (docs/decisions/043-download-links-that-live-minutes.md):
 * minutes, as it needs no sign-in. The web app reads again every answer that carries links well
 * before they end.
 */
export const SIGNED_LINK_TTL_SECONDS = 10 * 60;
export const SIGNED_LINK_REFRESH_MS = 4 * 60 * 1000;

/**
 * The longest `search` the business list accepts, which its query schema checks
 * (businesses.ts). Here, with no schema beside it, so that the web app can cut an address's
 * search as the list screen does before it has loaded any schema.
 */
export const SEARCH_MAX_LENGTH = 200;
