import type { Config } from '../../env.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { Mailer } from './mailer.ts';
export { createOutboxMailer } from './outbox-mailer.ts';
export { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set, the dev outbox otherwise. */
export function createMailer(mail: Config['mail'], log: Logger): Mailer {
  return 'smtpUrl' in mail
    ? createSmtpMailer(mail)
    : createOutboxMailer({ outboxDir: mail.outboxDir, from: mail.from, log });
}
