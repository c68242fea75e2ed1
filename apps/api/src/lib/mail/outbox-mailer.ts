import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-data-dir.ts';

/**
 * Embedded mode has no mail server: each message becomes an RFC 822 `.eml`
 * file in the outbox folder (names sort by time) and one info line in the log,
 * which is where a developer reads the verification code.
 */
export function createOutboxMailer(options: {
  outboxDir: string;
  from: string;
  log: Logger;
  now?: () => Date;
}): Mailer {
  const now = options.now ?? (() => new Date());
  // nodemailer's stream transport renders the message without sending it.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message: MailMessage) {
      const rendered = await renderer.sendMail({ from: options.from, ...message });
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Reset codes: for this user's eyes only.
      await writeFile(file, rendered.message as Buffer, { mode: PRIVATE_FILE_MODE });
      options.log.info(
        { mail: { to: message.to, subject: message.subject, file } },
        `Mail to ${message.to} | ${message.subject} | ${message.text}`,
      );
    },
    async close() {
      renderer.close();
    },
  };
}
