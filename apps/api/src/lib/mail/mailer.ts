export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail. `send` rejects when delivery fails; callers log it and carry on. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
