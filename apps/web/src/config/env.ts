import { z } from 'zod';
import { API_BASE_PATH } from '@fd/contract';

/** An empty `VITE_…=` line in a .env file means "not set". */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  VITE_API_BASE_URL: z.preprocess(blankAsUnset, z.string().default(API_BASE_PATH)),
  VITE_BOT_CHECK_SITE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
});

function parseEnv() {
  // The only place that reads import.meta.env (docs/conventions.md, convention 6).
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid web configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return {
    /** Base URL of every API call: `/api/v1` on the same origin unless pointed elsewhere. */
    apiBaseUrl: parsed.data.VITE_API_BASE_URL,
    /** Cloudflare Turnstile site key; unset means the bot check is a no-op. */
    botCheckSiteKey: parsed.data.VITE_BOT_CHECK_SITE_KEY,
  };
}

export const env = parseEnv();
