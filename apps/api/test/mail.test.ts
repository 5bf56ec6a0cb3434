import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import {
  deliverPendingMail,
  type MailTransport,
  queueMail,
  smtpTransport,
} from '../src/modules/mail/service.ts';
import { retryDelaySeconds } from '../src/platform/retry-queue.ts';
import { JWT_SECRET, mailTo, registerCamper, registerHost } from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const FROM = 'Campwise <no-reply@campwise.example>';

/**
 * A delivery run right after queueing: the database stamps the message due with microseconds while
 * a JavaScript date keeps milliseconds, so "now" taken in the same millisecond can fall before it.
 */
function justAfterQueueing(): Date {
  return new Date(Date.now() + 1000);
}
const PUBLIC_URL = 'https://camps.example.test';

interface ReceivedMessage {
  from: string | null;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives and can refuse recipients. */
class RecordingSmtpServer {
  readonly received: ReceivedMessage[] = [];
  /** Recipients matching this are refused with a permanent error. */
  refuse: RegExp | null = null;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      secure: false,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse?.test(address.address)) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server.server, 'listening');
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  messagesTo(address: string): ReceivedMessage[] {
    return this.received.filter((message) => message.to.includes(address));
  }
}

async function outboxRow(db: TestApp['db'], id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe('delivery over SMTP', () => {
  const smtp = new RecordingSmtpServer();
  let t: TestApp;
  let transport: MailTransport;

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await buildTestApp({ JWT_SECRET, SMTP_URL: smtpUrl, PUBLIC_URL });
    transport = smtpTransport(smtpUrl);
  });
  afterAll(async () => {
    transport.close();
    await t.close();
    await smtp.stop();
  });

  it('delivers the welcome mail queued at sign-up, as text and HTML', async () => {
    const host = await registerHost(t.app, { firstName: 'Harper' });
    const [queued] = await mailTo(t.db, host.email);
    expect(queued).toMatchObject({ subject: 'Welcome to Campwise', sentAt: null, attempts: 0 });
    if (!queued) throw new Error('no welcome mail queued');
    expect(queued.textBody).toContain('Hi Harper,');
    expect(queued.textBody).toContain(`${PUBLIC_URL}/host/dashboard`);

    expect(await deliverPendingMail(t.db, transport, FROM, justAfterQueueing())).toEqual({
      done: 1,
      failed: 0,
    });

    const [message, ...others] = smtp.messagesTo(host.email);
    expect(others).toEqual([]);
    expect(message?.from).toBe('no-reply@campwise.example');
    const raw = message?.raw ?? '';
    expect(raw).toMatch(/^Subject: Welcome to Campwise\r?$/m);
    expect(raw).toMatch(/^To: \S*/m);
    expect(raw).toContain(host.email);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/im);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/im);

    const row = await outboxRow(t.db, queued.id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();

    // Sent mail is not sent again.
    expect(await deliverPendingMail(t.db, transport, FROM)).toEqual({ done: 0, failed: 0 });
    expect(smtp.messagesTo(host.email)).toHaveLength(1);
  });

  it("sends a message's own headers, such as the one-click unsubscribe of alert e-mails", async () => {
    const to = `alerts-${Date.now()}@example.com`;
    const oneClick = `${PUBLIC_URL}/api/unsubscribe/digest-1-abc-signature`;
    await queueMail(t.db, {
      to,
      subject: 'New sessions match',
      text: 'Hello',
      html: '<p>Hello</p>',
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(await deliverPendingMail(t.db, transport, FROM, justAfterQueueing())).toMatchObject({ done: 1 });
    // Long header lines are folded onto the next line.
    const raw = (smtp.messagesTo(to)[0]?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain(`List-Unsubscribe: <${oneClick}>`);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it('keeps a refused message and retries it after the backoff', async () => {
    smtp.refuse = /^refused-/;
    const camper = await registerCamper(t.app, { email: `refused-${Date.now()}@example.com` });
    const [queued] = await mailTo(t.db, camper.email);
    if (!queued) throw new Error('no welcome mail queued');

    const now = new Date();
    expect(await deliverPendingMail(t.db, transport, FROM, now)).toEqual({ done: 0, failed: 1 });
    const failed = await outboxRow(t.db, queued.id);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/550|Mailbox unavailable/);
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelaySeconds(1) * 1000);
    expect(smtp.messagesTo(camper.email)).toEqual([]);

    // Not due before the backoff ends.
    const early = new Date(now.getTime() + (retryDelaySeconds(1) - 5) * 1000);
    expect(await deliverPendingMail(t.db, transport, FROM, early)).toEqual({ done: 0, failed: 0 });

    smtp.refuse = null;
    const later = new Date(now.getTime() + (retryDelaySeconds(1) + 1) * 1000);
    expect(await deliverPendingMail(t.db, transport, FROM, later)).toEqual({ done: 1, failed: 0 });
    const sent = await outboxRow(t.db, queued.id);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.messagesTo(camper.email)).toHaveLength(1);
  });
});

describe('GET /dev/mailbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ JWT_SECRET });
  });
  afterAll(async () => {
    await t.close();
  });

  interface MailboxEntry {
    id: number;
    to: string;
    subject: string;
    text: string;
  }

  it('lists the newest messages first as JSON, without the HTML bodies', async () => {
    const first = await registerHost(t.app);
    const second = await registerCamper(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: MailboxEntry[] }>();
    const ids = data.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const toFirst = data.findIndex((entry) => entry.to === first.email);
    const toSecond = data.findIndex((entry) => entry.to === second.email);
    expect(toSecond).toBeGreaterThanOrEqual(0);
    expect(toSecond).toBeLessThan(toFirst);
    expect(data[toSecond]).toMatchObject({ subject: 'Welcome to Campwise', sentAt: null });
    for (const entry of data) {
      expect(entry).not.toHaveProperty('html');
      expect(Object.keys(entry).sort()).toEqual([
        'createdAt',
        'headers',
        'id',
        'sentAt',
        'subject',
        'text',
        'to',
      ]);
    }
  });

  it('shows an HTML page that escapes what users typed', async () => {
    const user = await registerHost(t.app, { firstName: '<script>alert("hi")</script>' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h2>Welcome to Campwise</h2>');
    expect(res.body).toContain(`To ${user.email}`);
    expect(res.body).toContain('Hi &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;,');
    expect(res.body).not.toContain('<script>');

    // The mail itself escapes the name in its HTML part too.
    const [queued] = await mailTo(t.db, user.email);
    expect(queued?.htmlBody).toContain('Hi &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;,');
    expect(queued?.htmlBody).not.toContain('<script>');
  });
});

describe('GET /dev/mailbox in production', () => {
  it('does not exist', async () => {
    // Production also needs real mail and payments; neither is contacted here.
    const t = await buildTestApp({
      NODE_ENV: 'production',
      JWT_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_mailbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_mailbox',
      STRIPE_PRICE_ID: 'price_mailbox',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_mailbox',
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
