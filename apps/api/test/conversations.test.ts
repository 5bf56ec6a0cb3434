import { randomUUID } from 'node:crypto';
import type {
  AnnouncementReaders,
  Conversation,
  ConversationMessage,
  Inbox,
  SentAnnouncement,
} from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { conversationMessages, conversations, registrations } from '../src/db/schema.ts';
import { deliverAnnouncements } from '../src/modules/conversations/deliver-announcements.ts';
import {
  ATTACHMENTS_JOB,
  moveStoredAttachments,
} from '../src/modules/conversations/move-stored-attachments.ts';
import { detailedJpeg, firstSession, imagePart, multipartCall, NOT_AN_IMAGE, send } from './camp-fixtures.ts';
import { bearer, createAdmin, mailTo, type TestUser } from './fixtures.ts';
import { buildTestApp, testDatabase } from './helper.ts';
import { filesUnder, ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError, registerAccount } from './payments-fixtures.ts';
import {
  addCamp,
  addSessions,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;
let otherHost: CampHost;
let campId: number;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
  campId = await addCamp(app, host);
});

const readUrl = (id: number) => `http://campwise.test/camper/messages/announcements/${id}`;

async function ask(parent: { token: string }, camp: number, body = 'Is lunch included?') {
  return app.inject({
    method: 'POST',
    url: `/camper/camps/${camp}/conversations`,
    headers: bearer(parent.token),
    payload: { body },
  });
}

async function asked(parent: { token: string }, body?: string): Promise<Conversation> {
  const res = await ask(parent, campId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Conversation }>().data;
}

const unread = async (side: 'camper' | 'host', token: string) => {
  const res = await app.inject({ method: 'GET', url: `/${side}/messages/unread`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { count: number } }>().data.count;
};

function replyAs(
  token: string,
  side: 'camper' | 'host',
  id: number,
  body: string,
  files = [] as ReturnType<typeof imagePart>[],
) {
  return send(app, multipartCall('POST', `/${side}/conversations/${id}/messages`, { body }, files), token);
}

/** The subjects of announcements mailed to an address ("<camp>: <subject>"). */
const announcementMails = async (address: string) =>
  (await mailTo(db, address))
    .filter((mail) => mail.textBody.includes('sent an announcement'))
    .map((mail) => mail.subject);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('a question and its answer', () => {
  it('starts a conversation with the organisation, mails a notice without the message, and counts unread on each side', async () => {
    const parent = await registerAccount(app, 'camper');
    const conversation = await asked(parent, 'Can Ada bring her asthma inhaler?');
    expect(conversation).toMatchObject({
      campId,
      orgId: host.orgId,
      status: 'open',
      unread: false,
      messages: [{ from: 'family', body: 'Can Ada bring her asthma inhaler?', attachment: null }],
    });

    const [notice] = (await mailTo(db, host.email)).filter((mail) => mail.subject.startsWith('New message'));
    expect(notice?.textBody).toContain(`/host/messages/${conversation.id}`);
    expect(notice?.textBody).not.toContain('inhaler');
    expect(notice?.htmlBody).not.toContain('inhaler');
    expect(await unread('host', host.token)).toBeGreaterThanOrEqual(1);

    const inbox = await app.inject({ method: 'GET', url: '/host/messages', headers: bearer(host.token) });
    const listed = inbox.json<{ data: Conversation[] }>().data.find((row) => row.id === conversation.id);
    expect(listed).toMatchObject({
      unread: true,
      lastFrom: 'family',
      preview: 'Can Ada bring her asthma inhaler?',
    });

    const before = await unread('host', host.token);
    const opened = await app.inject({
      method: 'GET',
      url: `/host/conversations/${conversation.id}`,
      headers: bearer(host.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await unread('host', host.token)).toBe(before - 1);

    const answer = await replyAs(host.token, 'host', conversation.id, 'Yes. Here is our health form.', [
      imagePart('attachment', PDF, 'health form.pdf', 'application/pdf'),
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const message = answer.json<{ data: ConversationMessage }>().data;
    expect(message).toMatchObject({ from: 'host', attachment: { kind: 'pdf', name: 'health form.pdf' } });
    expect(message.attachment?.url).toBe(`/host/message-attachments/${message.id}`);

    expect(await unread('camper', parent.token)).toBe(1);
    const [toParent] = (await mailTo(db, parent.email)).filter((mail) =>
      mail.subject.startsWith('New message'),
    );
    expect(toParent?.textBody).toContain(`/camper/messages/${conversation.id}`);
    expect(toParent?.textBody).not.toContain('health form');

    const read = await app.inject({
      method: 'GET',
      url: `/camper/conversations/${conversation.id}`,
      headers: bearer(parent.token),
    });
    expect(read.json<{ data: Conversation }>().data.messages).toHaveLength(2);
    expect(await unread('camper', parent.token)).toBe(0);
  });

  it('keeps markup as text, re-encodes a photo and refuses other files', async () => {
    const parent = await registerAccount(app, 'camper');
    const markup = '<script>alert(1)</script><b>bold</b>';
    const conversation = await asked(parent, markup);
    expect(conversation.messages[0]?.body).toBe(markup);

    const photo = await replyAs(parent.token, 'camper', conversation.id, 'Our cabin photo', [
      imagePart('attachment', await detailedJpeg(), 'cabin.jpg'),
    ]);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json<{ data: ConversationMessage }>().data.attachment).toMatchObject({
      kind: 'image',
      name: 'cabin.jpg',
    });

    const refused = await replyAs(parent.token, 'camper', conversation.id, 'Rules', [
      imagePart('attachment', NOT_AN_IMAGE, 'rules.jpg'),
    ]);
    expectError(refused, 400, 'BAD_REQUEST', messages.messageAttachmentType, {
      attachment: messages.messageAttachmentType,
    });
    const empty = await replyAs(parent.token, 'camper', conversation.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(messages.messageBodyRequired);
  });

  it('lets the host mark a conversation done, and the family reopen it by writing again', async () => {
    const parent = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    const done = await app.inject({
      method: 'PUT',
      url: `/host/conversations/${conversation.id}/status`,
      headers: bearer(host.token),
      payload: { status: 'done' },
    });
    expect(done.json<{ data: Conversation }>().data.status).toBe('done');
    const openOnly = await app.inject({
      method: 'GET',
      url: '/host/messages?status=open',
      headers: bearer(host.token),
    });
    expect(openOnly.json<{ data: Conversation[] }>().data.map((row) => row.id)).not.toContain(
      conversation.id,
    );
    expect((await replyAs(parent.token, 'camper', conversation.id, 'One more thing')).statusCode).toBe(201);
    const [row] = await db
      .select({ status: conversations.status })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(row?.status).toBe('open');
  });

  it('shows a conversation only to its family and the organisation’s host', async () => {
    const parent = await registerAccount(app, 'camper');
    const stranger = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    for (const [who, side] of [
      [stranger.token, 'camper'],
      [otherHost.token, 'host'],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/${side}/conversations/${conversation.id}`,
        headers: bearer(who),
      });
      expectError(res, 404, 'NOT_FOUND', messages.conversationNotFound);
      expectError(
        await replyAs(who, side, conversation.id, 'Hello'),
        404,
        'NOT_FOUND',
        messages.conversationNotFound,
      );
    }
    const guest = await app.inject({ method: 'GET', url: `/camper/conversations/${conversation.id}` });
    expect(guest.statusCode).toBe(401);
    const inbox = await app.inject({
      method: 'GET',
      url: '/camper/messages',
      headers: bearer(stranger.token),
    });
    expect(inbox.json<{ data: Inbox }>().data.conversations).toEqual([]);
  });

  it('keeps attachments private: only the two sides read them, never from a cache or the public uploads', async () => {
    const parent = await registerAccount(app, 'camper');
    const stranger = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    const filesBefore = filesUnder(app.config.dataDir);
    const sent = await replyAs(parent.token, 'camper', conversation.id, 'Our forms', [
      imagePart('attachment', PDF, 'forms.pdf', 'application/pdf'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<{ data: ConversationMessage }>().data;
    expect(message.attachment).toEqual({
      url: `/camper/message-attachments/${message.id}`,
      name: 'forms.pdf',
      kind: 'pdf',
    });
    // The host reads it at an address of the host's own.
    const thread = await send(
      app,
      { method: 'GET', url: `/host/conversations/${conversation.id}` },
      host.token,
    );
    const hostsCopy = thread.json<{ data: Conversation }>().data.messages.at(-1)?.attachment;
    expect(hostsCopy?.url).toBe(`/host/message-attachments/${message.id}`);
    for (const [url, token] of [
      [`/camper/message-attachments/${message.id}`, parent.token],
      [`/host/message-attachments/${message.id}`, host.token],
    ] as const) {
      const res = await send(app, { method: 'GET', url }, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-disposition']).toContain('filename="forms.pdf"');
    }
    // Nobody else, and nothing kept where the public uploads are served from.
    for (const [url, token] of [
      [`/camper/message-attachments/${message.id}`, stranger.token],
      [`/host/message-attachments/${message.id}`, otherHost.token],
      [`/camper/message-attachments/${conversation.messages[0]?.id}`, parent.token],
      [`/camper/message-attachments/2000000000`, parent.token],
    ] as const) {
      expectError(
        await send(app, { method: 'GET', url }, token),
        404,
        'NOT_FOUND',
        messages.attachmentNotFound,
      );
    }
    expect(
      (await app.inject({ method: 'GET', url: `/camper/message-attachments/${message.id}` })).statusCode,
    ).toBe(401);
    expect(filesUnder(app.config.dataDir)).toEqual(filesBefore);
  });

  it('keeps a photo private too: re-encoded, held in the database and read by the two sides alone', async () => {
    const parent = await registerAccount(app, 'camper');
    const stranger = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    const filesBefore = filesUnder(app.config.dataDir);
    const sent = await replyAs(parent.token, 'camper', conversation.id, 'Ada at the lake', [
      imagePart('attachment', await detailedJpeg(), 'lake.jpg'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<{ data: ConversationMessage }>().data;
    expect(message.attachment).toEqual({
      url: `/camper/message-attachments/${message.id}`,
      name: 'lake.jpg',
      kind: 'image',
    });
    for (const [url, token] of [
      [`/camper/message-attachments/${message.id}`, parent.token],
      [`/host/message-attachments/${message.id}`, host.token],
    ] as const) {
      const res = await send(app, { method: 'GET', url }, token);
      expect(res.statusCode, res.body).toBe(200);
      // The re-encoded WebP, never the JPEG as sent (with its metadata).
      expect(res.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-disposition']).toContain('filename="lake.webp"');
    }
    for (const [url, token] of [
      [`/camper/message-attachments/${message.id}`, stranger.token],
      [`/host/message-attachments/${message.id}`, otherHost.token],
    ] as const) {
      expectError(
        await send(app, { method: 'GET', url }, token),
        404,
        'NOT_FOUND',
        messages.attachmentNotFound,
      );
    }
    // Administrators review organisations; they read nobody's conversations (decision 031).
    for (const side of ['camper', 'host'] as const) {
      expectError(
        await send(app, { method: 'GET', url: `/${side}/message-attachments/${message.id}` }, admin.token),
        403,
        'FORBIDDEN',
        messages.forbidden,
      );
    }
    // Neither the photo nor any size of it was written where the public uploads are served from.
    expect(filesUnder(app.config.dataDir)).toEqual(filesBefore);
  });

  it('moves an attachment kept in the public uploads into the database, reachable throughout', async () => {
    const parent = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    // An attachment sent before they were private: a file in the public storage.
    const key = `${randomUUID()}.pdf`;
    await app.storage.put(key, PDF, 'application/pdf');
    const [legacy] = await db
      .insert(conversationMessages)
      .values({
        conversationId: conversation.id,
        fromHost: true,
        body: 'The menu',
        attachmentKey: key,
        attachmentName: 'menu.pdf',
        attachmentKind: 'pdf',
      })
      .returning({ id: conversationMessages.id });
    const id = legacy?.id ?? 0;
    const read = () => send(app, { method: 'GET', url: `/camper/message-attachments/${id}` }, parent.token);
    expect((await read()).rawPayload.equals(PDF)).toBe(true);

    expect(await moveStoredAttachments(db, app.storage, app.log)).toBeGreaterThanOrEqual(1);
    const [moved] = await db
      .select({ key: conversationMessages.attachmentKey, content: conversationMessages.attachmentContent })
      .from(conversationMessages)
      .where(eq(conversationMessages.id, id));
    expect(moved?.key).toBeNull();
    expect(moved?.content?.equals(PDF)).toBe(true);
    expect(await app.storage.get(key)).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    const after = await read();
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(PDF)).toBe(true);
    // Nothing left to move.
    expect(await moveStoredAttachments(db, app.storage, app.log)).toBe(0);
  });

  it('drops an attachment whose file was already gone when it is moved, instead of pointing at nothing', async () => {
    const parent = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    const [legacy] = await db
      .insert(conversationMessages)
      .values({
        conversationId: conversation.id,
        fromHost: true,
        body: 'The map',
        attachmentKey: `${randomUUID()}.pdf`,
        attachmentName: 'map.pdf',
        attachmentKind: 'pdf',
      })
      .returning({ id: conversationMessages.id });
    const id = legacy?.id ?? 0;
    const read = () => send(app, { method: 'GET', url: `/camper/message-attachments/${id}` }, parent.token);
    expectError(await read(), 404, 'NOT_FOUND', messages.attachmentNotFound);

    expect(await moveStoredAttachments(db, app.storage, app.log)).toBeGreaterThanOrEqual(1);
    const [left] = await db
      .select({
        key: conversationMessages.attachmentKey,
        name: conversationMessages.attachmentName,
        kind: conversationMessages.attachmentKind,
      })
      .from(conversationMessages)
      .where(eq(conversationMessages.id, id));
    expect(left).toEqual({ key: null, name: null, kind: null });
    const thread = await send(
      app,
      { method: 'GET', url: `/camper/conversations/${conversation.id}` },
      parent.token,
    );
    expect(thread.json<{ data: Conversation }>().data.messages.at(-1)).toMatchObject({
      body: 'The map',
      attachment: null,
    });
    expectError(await read(), 404, 'NOT_FOUND', messages.attachmentNotFound);
    // Not picked up again by the next run.
    expect(await moveStoredAttachments(db, app.storage, app.log)).toBe(0);
  });

  it('refuses a question about a camp that is not listed', async () => {
    const parent = await registerAccount(app, 'camper');
    expectError(await ask(parent, 999_999), 404, 'NOT_FOUND', messages.campNotFound);
  });

  it('limits how many conversations a parent starts in an hour', async () => {
    const parent = await registerAccount(app, 'camper');
    for (let index = 0; index < 10; index += 1) expect((await ask(parent, campId)).statusCode).toBe(201);
    expectError(await ask(parent, campId), 429, 'RATE_LIMITED', messages.conversationsRateLimited);
  });
});

describe('a host writing to a family', () => {
  const write = (token: string, registrationId: number, body = 'Please bring sunscreen on Monday.') =>
    app.inject({
      method: 'POST',
      url: `/host/registrations/${registrationId}/messages`,
      headers: bearer(token),
      payload: { body },
    });

  async function bookedPlace() {
    const camp = await addCamp(app, host);
    const parent: Family = await family(app, [9], { day: '2030-06-15' });
    const booked = await register(app, parent, camp, {
      childIds: parent.childIds,
      sessionId: (await firstSession(db, camp)).id,
      paymentMethodId: parent.cardId,
    }).then(outcome);
    return { camp, parent, registrationId: booked.registrationIds[0] ?? 0 };
  }

  it('starts a conversation with the family of a place, mails them, and writes into it again next time', async () => {
    const { camp, parent, registrationId } = await bookedPlace();
    const res = await write(host.token, registrationId, 'Please bring <b>sunscreen</b> on Monday.');
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json<{ data: Conversation }>().data;
    expect(started).toMatchObject({
      campId: camp,
      orgId: host.orgId,
      unread: false,
      messages: [{ from: 'host', body: 'Please bring <b>sunscreen</b> on Monday.' }],
    });
    expect(await unread('camper', parent.token)).toBe(1);
    const [notice] = (await mailTo(db, parent.email)).filter((mail) =>
      mail.subject.startsWith('New message'),
    );
    expect(notice?.textBody).toContain(`/camper/messages/${started.id}`);
    expect(notice?.textBody).not.toContain('sunscreen');

    const again = await write(host.token, registrationId, 'And a water bottle.');
    expect(again.statusCode, again.body).toBe(201);
    const continued = again.json<{ data: Conversation }>().data;
    expect(continued.id).toBe(started.id);
    expect(continued.messages.map((message) => message.body)).toEqual([
      'Please bring <b>sunscreen</b> on Monday.',
      'And a water bottle.',
    ]);
  });

  it("writes into the family's own question rather than starting another thread", async () => {
    const { parent, registrationId } = await bookedPlace();
    const question = await asked(parent, 'Is there a bus?');
    const res = await write(host.token, registrationId, 'Yes, from the library at 8:00.');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Conversation }>().data).toMatchObject({
      id: question.id,
      messages: [{ from: 'family' }, { from: 'host', body: 'Yes, from the library at 8:00.' }],
    });
  });

  it('starts nothing with the family of a place that is over, but still writes into their thread', async () => {
    for (const status of ['cancelled', 'offer_expired', 'payment_failed'] as const) {
      const { parent, registrationId } = await bookedPlace();
      await db.update(registrations).set({ status }).where(eq(registrations.id, registrationId));
      expectError(
        await write(host.token, registrationId),
        409,
        'CONFLICT',
        messages.messageFamilyWithoutPlace,
      );
      expect(await unread('camper', parent.token)).toBe(0);
      expect(
        (await mailTo(db, parent.email)).filter((mail) => mail.subject.startsWith('New message')),
      ).toEqual([]);
    }
    // A family who wrote first is answered in their own thread, whatever became of the place.
    const { parent, registrationId } = await bookedPlace();
    const question = await asked(parent, 'Can we come back next year?');
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, registrationId));
    const res = await write(host.token, registrationId, 'Of course.');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Conversation }>().data.id).toBe(question.id);
  });

  it("is 404 for another host's place and for a place that does not exist, and refuses an empty message", async () => {
    const { registrationId } = await bookedPlace();
    for (const [token, id] of [
      [otherHost.token, registrationId],
      [host.token, 2_000_000_000],
    ] as const) {
      expectError(await write(token, id), 404, 'NOT_FOUND', messages.registrationNotFound);
    }
    expect((await write(host.token, registrationId, '   ')).statusCode).toBe(400);
  });
});

describe('announcements', () => {
  /** A camp with two sessions of one place each and a waitlist: who is where. */
  async function peopledCamp() {
    const camp = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const week1 = (await firstSession(db, camp)).id;
    const [week2] = await addSessions(app, host, camp, [
      { name: 'Week 2', startDate: '2030-07-01', endDate: '2030-07-05', price: '150', capacity: '1' },
    ]);
    const day = { day: '2030-06-15' };
    const booked: Family = await family(app, [9], day);
    const waiting: Family = await family(app, [9], day);
    const other: Family = await family(app, [9], day);
    await register(app, booked, camp, {
      childIds: booked.childIds,
      sessionId: week1,
      paymentMethodId: booked.cardId,
    }).then(outcome);
    await register(app, waiting, camp, {
      childIds: waiting.childIds,
      sessionId: week1,
      paymentMethodId: waiting.cardId,
    }).then(outcome);
    await register(app, other, camp, {
      childIds: other.childIds,
      sessionId: week2 as number,
      paymentMethodId: other.cardId,
    }).then(outcome);
    return { camp, week1, week2: week2 as number, booked, waiting, other };
  }

  const announce = (token: string, camp: number, payload: object) =>
    app.inject({ method: 'POST', url: `/host/camp/${camp}/announcements`, headers: bearer(token), payload });

  it('goes to the families of one session once each, and the host sees who read it', async () => {
    const { camp, week1, booked, waiting, other } = await peopledCamp();
    const res = await announce(host.token, camp, {
      audience: 'session',
      sessionId: week1,
      subject: 'Bring a hat',
      body: 'A sunny week ahead.\n\nSee https://camp.example/list',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<{ data: SentAnnouncement }>().data;
    expect(sent).toMatchObject({ recipients: 1, delivered: 0, read: 0, audience: 'session' });

    expect(await deliverAnnouncements(db, readUrl)).toBeGreaterThanOrEqual(1);
    expect(await deliverAnnouncements(db, readUrl)).toBe(0);
    const mails = (await mailTo(db, booked.email)).filter((mail) => mail.subject.endsWith('Bring a hat'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(readUrl(sent.id));
    for (const outside of [waiting, other]) expect(await announcementMails(outside.email)).toEqual([]);

    expect(await unread('camper', booked.token)).toBe(1);
    const inbox = await app.inject({ method: 'GET', url: '/camper/messages', headers: bearer(booked.token) });
    expect(inbox.json<{ data: Inbox }>().data.announcements).toMatchObject([{ id: sent.id, read: false }]);
    const opened = await app.inject({
      method: 'GET',
      url: `/camper/announcements/${sent.id}`,
      headers: bearer(booked.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await unread('camper', booked.token)).toBe(0);
    expectError(
      await app.inject({
        method: 'GET',
        url: `/camper/announcements/${sent.id}`,
        headers: bearer(other.token),
      }),
      404,
      'NOT_FOUND',
      messages.announcementNotFound,
    );

    const readers = await app.inject({
      method: 'GET',
      url: `/host/announcements/${sent.id}`,
      headers: bearer(host.token),
    });
    expect(readers.json<{ data: AnnouncementReaders }>().data).toMatchObject({
      recipients: 1,
      delivered: 1,
      read: 1,
      families: [{ familyName: 'The Meadows family', readAt: expect.any(String) }],
    });
    expectError(
      await app.inject({
        method: 'GET',
        url: `/host/announcements/${sent.id}`,
        headers: bearer(otherHost.token),
      }),
      404,
      'NOT_FOUND',
      messages.announcementNotFound,
    );
  });

  it('reaches only the waitlist, or the whole camp, and nobody without a place', async () => {
    const { camp, waiting, booked, other } = await peopledCamp();
    const waitlist = await announce(host.token, camp, {
      audience: 'waitlist',
      subject: 'News',
      body: 'A place may free up.',
    });
    expect(waitlist.json<{ data: SentAnnouncement }>().data.recipients).toBe(1);
    const whole = await announce(host.token, camp, {
      audience: 'camp',
      subject: 'Welcome',
      body: 'See you soon.',
    });
    expect(whole.json<{ data: SentAnnouncement }>().data.recipients).toBe(2);
    await deliverAnnouncements(db, readUrl);
    expect(await announcementMails(waiting.email)).toEqual([expect.stringContaining('News')]);
    for (const parent of [booked, other])
      expect(await announcementMails(parent.email)).toEqual([expect.stringContaining('Welcome')]);

    const empty = await addCamp(app, host);
    expectError(
      await announce(host.token, empty, { audience: 'camp', subject: 'Hello', body: 'Anyone there?' }),
      400,
      'BAD_REQUEST',
      messages.announcementNoRecipients,
      { audience: messages.announcementNoRecipients },
    );
    expectError(
      await announce(otherHost.token, camp, { audience: 'camp', subject: 'Hello', body: 'Spam' }),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/host/camp/${camp}/announcements`,
      headers: bearer(host.token),
    });
    expect(list.json<{ data: SentAnnouncement[] }>().data.map((row) => row.subject)).toEqual([
      'Welcome',
      'News',
    ]);
  });

  it('limits how many announcements a host sends in a day', async () => {
    const busy = await campHost(app, admin.token);
    const camp = await addCamp(app, busy);
    for (let index = 0; index < 10; index += 1)
      expect(
        (await announce(busy.token, camp, { audience: 'camp', subject: 'Hi', body: 'Hello' })).statusCode,
      ).toBe(400);
    expectError(
      await announce(busy.token, camp, { audience: 'camp', subject: 'Hi', body: 'Hello' }),
      429,
      'RATE_LIMITED',
      messages.announcementsRateLimited,
    );
  });
});

describe('privacy', () => {
  it('exports the family’s conversations and announcements, and deleting the account removes them', async () => {
    const parent = await family(app, [9], { day: '2030-06-15' });
    const conversation = await asked(parent, 'Where do we park?');
    await replyAs(host.token, 'host', conversation.id, 'Behind the lodge.');
    const exported = await app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(parent.token),
    });
    expect(exported.json<AccountExport>().conversations).toMatchObject([
      {
        status: 'open',
        messages: [{ from: 'you', body: 'Where do we park?' }, { body: 'Behind the lodge.' }],
      },
    ]);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(parent.token),
      payload: { password: ACCOUNT_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversations where parent_id = ${parent.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});

// Last in the file: the server's jobs run on this file's database while it lasts.
describe('attachments sent before they were private', () => {
  it("are moved out of the public uploads by the server's own job", async () => {
    const parent = await registerAccount(app, 'camper');
    const conversation = await asked(parent);
    const key = `${randomUUID()}.pdf`;
    await app.storage.put(key, PDF, 'application/pdf');
    const [legacy] = await db
      .insert(conversationMessages)
      .values({
        conversationId: conversation.id,
        fromHost: false,
        body: 'The doctor’s letter',
        attachmentKey: key,
        attachmentName: 'letter.pdf',
        attachmentKind: 'pdf',
      })
      .returning({ id: conversationMessages.id });
    const id = legacy?.id ?? 0;
    // Until it is moved, anyone who has its address can read it.
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);

    // A server as it runs: its jobs started, their interval too long to matter here.
    const server = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: app.config.dataDir,
        JOB_INTERVAL_MS: String(60 * 60 * 1000),
        ...ORG_ENV,
      }),
      { database: (await testDatabase()).handle },
    );
    try {
      await server.ready();
      server.jobs.kick(ATTACHMENTS_JOB);
      await vi.waitFor(
        async () => {
          const [row] = await db
            .select({
              key: conversationMessages.attachmentKey,
              content: conversationMessages.attachmentContent,
            })
            .from(conversationMessages)
            .where(eq(conversationMessages.id, id));
          expect(row?.key).toBeNull();
          expect(row?.content?.equals(PDF)).toBe(true);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await server.close();
    }
    expect(await app.storage.get(key)).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    const res = await send(app, { method: 'GET', url: `/host/message-attachments/${id}` }, host.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });
});
