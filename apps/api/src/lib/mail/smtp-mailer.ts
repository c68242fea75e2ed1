import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer, MailMessage } from './mailer.ts';

/** Real delivery through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transportOptions: SMTPTransport.Options = {
    url: options.smtpUrl,
    // A slow mail server must not hold connections forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  const transport = nodemailer.createTransport(transportOptions);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
