import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import type { Logger } from '../logger.ts';
import { createOutboxMailer, createSmtpMailer } from './index.ts';

describe('outbox mailer', () => {
  it('writes time-sortable .eml files and logs recipient, subject and text', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'fd-outbox-')), 'outbox');
    const lines: Array<{ obj: unknown; msg: string }> = [];
    const log = {
      info: (obj: unknown, msg: string) => void lines.push({ obj, msg }),
      warn() {},
      error() {},
    } as unknown as Logger;
    let now = new Date('2026-03-01T09:00:00.000Z');
    const mailer = createOutboxMailer({
      outboxDir,
      from: 'Desk <desk@fd.local>',
      log,
      now: () => now,
    });

    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'Code 222222' });
    now = new Date('2025-12-31T23:59:59.999Z');
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'Code 111111' });

    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(first).toMatch(/^To: a@example\.com$/m);
    expect(first).toMatch(/^Subject: First$/m);
    expect(first).toMatch(/^From: Desk <desk@fd\.local>$/m);
    expect(first).toContain('Code 111111');

    expect(lines).toHaveLength(2);
    expect(lines[0]!.msg).toContain('b@example.com');
    expect(lines[0]!.msg).toContain('Second');
    expect(lines[0]!.msg).toContain('Code 222222');
    await mailer.close();
  });
});

describe('SMTP mailer', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it('delivers to a real SMTP server', async () => {
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Desk <desk@fd.local>' });
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Body 123456' });
    const mail = await smtp.waitForMail('someone@example.com');
    expect(mail.subject).toBe('Hello');
    expect(mail.raw).toContain('Body 123456');
    await mailer.close();
  });

  it('rejects when the server cannot be reached (callers log it)', async () => {
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'desk@fd.local' });
    await expect(mailer.send({ to: 'x@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
    await mailer.close();
  });
});
