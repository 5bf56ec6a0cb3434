import type { Compliance, ComplianceRow } from '@campwise/contract/background-checks';
import { formatDate } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { shiftDate } from '@campwise/contract/sessions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { backgroundChecks } from '../src/db/schema.ts';
import { sendCheckExpiryNotices } from '../src/modules/teams/index.ts';
import { campToday, multipartCall, send } from './camp-fixtures.ts';
import { bookPlace, runToday } from './check-in-fixtures.ts';
import { bearer, createAdmin, mailTo, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, family } from './registration-fixtures.ts';
import { joinedMember } from './team-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let owner: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  owner = await campHost(app, admin.token);
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const today = () => campToday();

function checkFields(overrides: Record<string, string> = {}) {
  return {
    checkedBy: 'Sterling Volunteers',
    checkedOn: shiftDate(today(), -30),
    result: 'clear',
    expiresOn: shiftDate(today(), 335),
    ...overrides,
  };
}

const recordCheck = (token: string, userId: number, fields: Record<string, string>, document?: Buffer) =>
  send(
    app,
    multipartCall(
      'POST',
      `/host/orgs/${owner.orgId}/team/members/${userId}/background-checks`,
      fields,
      document
        ? [{ field: 'document', filename: 'check.pdf', contentType: 'application/pdf', data: document }]
        : [],
    ),
    token,
  );

const compliance = async (token: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/host/orgs/${owner.orgId}/compliance`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Compliance }>().data;
};

describe('background checks', () => {
  it('the owner records checks with a private document and sees who is clear, expiring, expired or has none', async () => {
    const clear = await joinedMember(app, db, owner, 'staff');
    const expiring = await joinedMember(app, db, owner, 'staff');
    const expired = await joinedMember(app, db, owner, 'staff');
    const none = await joinedMember(app, db, owner, 'staff');
    const recorded = await recordCheck(owner.token, clear.userId, checkFields(), PDF);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json<{ data: ComplianceRow }>().data).toMatchObject({
      userId: clear.userId,
      status: 'clear',
      check: { checkedBy: 'Sterling Volunteers', result: 'clear', hasDocument: true },
    });
    await recordCheck(owner.token, expiring.userId, checkFields({ expiresOn: shiftDate(today(), 20) }));
    await recordCheck(
      owner.token,
      expired.userId,
      checkFields({ checkedOn: '2024-01-01', expiresOn: shiftDate(today(), -1) }),
    );

    const view = await compliance(owner.token);
    const statusOf = (userId: number) => view.members.find((member) => member.userId === userId)?.status;
    expect([clear, expiring, expired, none].map((member) => statusOf(member.userId))).toEqual([
      'clear',
      'expiring',
      'expired',
      'none',
    ]);

    const checkId = recorded.json<{ data: ComplianceRow }>().data.check?.id;
    const document = await app.inject({
      method: 'GET',
      url: `/host/background-checks/${checkId}/document`,
      headers: bearer(owner.token),
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('no-store');
    expect(document.rawPayload.equals(PDF)).toBe(true);

    // Nobody else reads the document, the view or records a check: not even a manager.
    const manager = await joinedMember(app, db, owner, 'manager');
    const asManager = await app.inject({
      method: 'GET',
      url: `/host/background-checks/${checkId}/document`,
      headers: bearer(manager.token),
    });
    expectError(asManager, 404, 'NOT_FOUND', messages.checkDocumentNotFound);
    const managerView = await app.inject({
      method: 'GET',
      url: `/host/orgs/${owner.orgId}/compliance`,
      headers: bearer(manager.token),
    });
    expectError(managerView, 403, 'FORBIDDEN', messages.forbidden);
    expectError(
      await recordCheck(manager.token, none.userId, checkFields()),
      403,
      'FORBIDDEN',
      messages.forbidden,
    );
  });

  it('refuses a document that is neither a PDF nor an image, and dates in the wrong order', async () => {
    const member = await joinedMember(app, db, owner, 'staff');
    const badDocument = await recordCheck(
      owner.token,
      member.userId,
      checkFields(),
      Buffer.from('<html>not a pdf</html>'),
    );
    expectError(badDocument, 400, 'BAD_REQUEST', messages.checkDocumentType, {
      document: messages.checkDocumentType,
    });
    const backwards = await recordCheck(
      owner.token,
      member.userId,
      checkFields({ expiresOn: shiftDate(today(), -40) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ expiresOn: messages.checkExpiresBeforeChecked });
    expect(
      await db.select().from(backgroundChecks).where(eq(backgroundChecks.userId, member.userId)),
    ).toEqual([]);
  });

  it('keeps staff without a clear check off sessions with children, naming them and the date', async () => {
    const campId = await addCamp(app, owner);
    const sessionId = await runToday(db, campId);
    const parent = await family(app, [9]);
    await bookPlace(app, parent, campId, parent.childIds[0] as number);
    const assign = (userId: number) =>
      app.inject({
        method: 'PUT',
        url: `/host/sessions/${sessionId}/staff/${userId}`,
        headers: bearer(owner.token),
      });

    const unchecked = await joinedMember(app, db, owner, 'staff', { firstName: 'Quinn', lastName: 'Harper' });
    expectError(
      await assign(unchecked.userId),
      409,
      'CONFLICT',
      messages.staffCheckMissing.replace('{name}', 'Quinn Harper'),
    );

    const lapsed = await joinedMember(app, db, owner, 'staff', { firstName: 'Drew', lastName: 'Fox' });
    const lapsedOn = shiftDate(today(), -2);
    await recordCheck(
      owner.token,
      lapsed.userId,
      checkFields({ checkedOn: '2024-01-01', expiresOn: lapsedOn }),
    );
    expectError(
      await assign(lapsed.userId),
      409,
      'CONFLICT',
      messages.staffCheckExpired.replace('{name}', 'Drew Fox').replace('{date}', formatDate(lapsedOn)),
    );

    // A new clear check lets them work it.
    await recordCheck(owner.token, lapsed.userId, checkFields());
    expect((await assign(lapsed.userId)).statusCode).toBe(200);
  });

  it('e-mails the owner once a month and once a week before a check expires', async () => {
    const member = await joinedMember(app, db, owner, 'staff', { firstName: 'Rowan', lastName: 'Ellis' });
    await recordCheck(owner.token, member.userId, checkFields({ expiresOn: shiftDate(today(), 45) }));
    const subject = (mail: { subject: string }) =>
      mail.subject.startsWith("Rowan Ellis's background check expires");
    const notices = async () => (await mailTo(db, owner.email)).filter(subject);

    const now = new Date();
    await sendCheckExpiryNotices(db, 'http://127.0.0.1', now);
    expect(await notices()).toHaveLength(0);
    const in20Days = new Date(now.getTime() + 20 * 86_400_000);
    await sendCheckExpiryNotices(db, 'http://127.0.0.1', in20Days);
    await sendCheckExpiryNotices(db, 'http://127.0.0.1', in20Days);
    expect(await notices()).toHaveLength(1);
    const in40Days = new Date(now.getTime() + 40 * 86_400_000);
    await sendCheckExpiryNotices(db, 'http://127.0.0.1', in40Days);
    await sendCheckExpiryNotices(db, 'http://127.0.0.1', in40Days);
    const sent = await notices();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.textBody).toContain(`/host/team/${owner.orgId}`);
  });
});
