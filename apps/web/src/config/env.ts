import { API_BASE_PATH } from '@fd/contract';

/**
 * An optional setting: an empty `VITE_…=` line in a .env file means "not set". Checked by
 * hand rather than with zod, which stays out of the first screen's download
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */
function optionalString(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new Error(`Invalid web configuration: ${name} must be a string`);
  }
  return value.trim() === '' ? undefined : value;
}

function parseEnv(source: Record<string, unknown>) {
  return {
    /** Base URL of every API call: `/api/v1` on the same origin unless pointed elsewhere. */
    apiBaseUrl: optionalString('VITE_API_BASE_URL', source.VITE_API_BASE_URL) ?? API_BASE_PATH,
    /** Cloudflare Turnstile site key; unset means the bot check is a no-op. */
    botCheckSiteKey: optionalString('VITE_BOT_CHECK_SITE_KEY', source.VITE_BOT_CHECK_SITE_KEY),
  };
}

// The only place that reads import.meta.env (docs/conventions.md, convention 6).
export const env = parseEnv(import.meta.env);
