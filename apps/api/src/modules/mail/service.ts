import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { errorText, processQueue, type QueueRunResult } from '../../platform/retry-queue.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post on alert e-mails. */
  headers?: Record<string, string>;
}

/** Queues a message; pass the transaction of the change that causes it. */
export async function queueMail(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    headers: message.headers ?? null,
  });
}

export interface MailTransport {
  send(message: MailMessage, from: string): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message, from) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}

/**
 * Sends queued messages over SMTP; failures are retried with backoff. Mail to an account deleted
 * while it waited is erased once it has gone out.
 */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  from: string,
  now: Date = new Date(),
): Promise<QueueRunResult> {
  const result = await processQueue<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string> | string | null;
  }>(
    db,
    { table: 'mail_outbox', doneColumn: 'sent_at', attemptsColumn: 'attempts' },
    sql`to_address, subject, text_body, html_body, headers`,
    async (row) => {
      try {
        const headers: Record<string, string> | null =
          typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers;
        await transport.send(
          {
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            ...(headers ? { headers } : {}),
          },
          from,
        );
        return null;
      } catch (error) {
        return errorText(error, 'mail delivery failed');
      }
    },
    now,
  );
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.eraseAfterSending, true), isNotNull(mailOutbox.sentAt)));
  return result;
}

/** The newest messages, for the development mailbox. */
export function listRecentMail(db: Database, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      headers: mailOutbox.headers,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
