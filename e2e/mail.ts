import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './fixtures.ts';

/**
 * Mails a server wrote for one recipient, oldest first: the e2e server's, or those of the
 * server whose data folder is `dataDir`.
 */
export function mailsTo(email: string, dataDir = E2E_DATA_DIR): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) =>
      new RegExp(`^To:.*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw),
    );
}

/** The 6-digit code in a mail's body (headers skipped: they carry other digits). */
export function codeIn(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`No 6-digit code in the mail body:\n${body}`);
  return match[1]!;
}

/** Waits until the recipient has more than `seen` mails and returns the newest code. */
export async function waitForNewCode(
  email: string,
  seen: number,
  timeoutMs = 10_000,
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(email, dataDir);
    if (mails.length > seen) return codeIn(mails.at(-1)!);
    if (Date.now() > deadline) throw new Error(`No new mail for ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
