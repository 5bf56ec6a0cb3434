import { reviewSummaryText } from '@campwise/contract/camp-review-text';
import type {
  CampReviewPage,
  ModeratedCampReview,
  MyCampReviews,
  ReportedCampReview,
} from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { auditEvents, campReviews, campSessions, mailOutbox } from '../src/db/schema.ts';
import {
  authorNameOf,
  type PlaceAtSession,
  placeIsOver,
  reviewRefusal,
} from '../src/modules/camp-reviews/eligibility.ts';
import { firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin, mailTo, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError } from './payments-fixtures.ts';
import {
  addCamp,
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

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
});

/** A camp of the host with one session, and a family whose first child holds a confirmed place. */
async function attendedSession(ages = [9]) {
  const campId = await addCamp(app, host);
  const sessionId = (await firstSession(db, campId)).id;
  const parent = await family(app, ages, { day: '2030-06-15' });
  outcome(
    await register(app, parent, campId, {
      childIds: [parent.childIds[0] as number],
      paymentMethodId: parent.cardId,
    }),
  );
  return { campId, sessionId, parent };
}

/** The session's dates moved into the past: it is over. */
async function endSession(sessionId: number) {
  await db
    .update(campSessions)
    .set({ startDate: '2026-07-06', endDate: '2026-07-10' })
    .where(eq(campSessions.id, sessionId));
}

async function endedSession() {
  const place = await attendedSession();
  await endSession(place.sessionId);
  return place;
}

const GOOD_REVIEW = { rating: 5, text: 'Ada loved the canoeing and came home singing every day.' };

function writeReview(token: string, sessionId: number, body: object = GOOD_REVIEW) {
  return app.inject({
    method: 'POST',
    url: `/camper/sessions/${sessionId}/reviews`,
    headers: bearer(token),
    payload: body,
  });
}

async function written(token: string, sessionId: number, body: object = GOOD_REVIEW) {
  const res = await writeReview(token, sessionId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ModeratedCampReview }>().data;
}

const post = (url: string, token: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function publicReviews(campId: number, query = ''): Promise<CampReviewPage> {
  const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampReviewPage>();
}

async function mine(parent: Family): Promise<MyCampReviews> {
  const res = await app.inject({ method: 'GET', url: '/camper/reviews', headers: bearer(parent.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MyCampReviews }>().data;
}

describe('who may review a session (the rule)', () => {
  const place = (over: Partial<PlaceAtSession> = {}): PlaceAtSession => ({
    status: 'confirmed',
    startDate: '2026-07-06',
    endDate: '2026-07-10',
    isYearRound: false,
    takenOn: '2026-03-01',
    ...over,
  });

  it('a confirmed place at a session whose last day is past', () => {
    expect(reviewRefusal([place()], '2026-07-11')).toBeNull();
    expect(reviewRefusal([place()], '2026-07-10')).toBe(messages.campReviewSessionNotOver);
    expect(reviewRefusal([place()], '2026-07-01')).toBe(messages.campReviewSessionNotOver);
  });

  it('no place, or only places that were never confirmed or were cancelled: did not attend', () => {
    expect(reviewRefusal([], '2026-11-26')).toBe(messages.campReviewNotAttended);
    for (const status of ['cancelled', 'waitlisted', 'offer_expired', 'payment_failed'] as const) {
      expect(reviewRefusal([place({ status })], '2026-11-26')).toBe(messages.campReviewNotAttended);
    }
    expect(reviewRefusal([place({ status: 'cancelled' }), place()], '2026-11-26')).toBeNull();
  });

  it('a year-round session once the place has run for two weeks', () => {
    const yearRound = place({ isYearRound: true, startDate: null, endDate: null, takenOn: '2026-11-01' });
    expect(placeIsOver(yearRound, '2026-11-14')).toBe(false);
    expect(placeIsOver(yearRound, '2026-11-15')).toBe(true);
  });

  it('names the author by first name and last initial', () => {
    expect(authorNameOf('Dana', 'kowalski')).toBe('Dana K.');
    expect(authorNameOf(' Dana ', '')).toBe('Dana');
  });

  it('says the average for screen readers', () => {
    expect(reviewSummaryText({ average: 4.5, count: 12 })).toBe('4.5 out of 5 · 12 reviews');
    expect(reviewSummaryText({ average: 4, count: 1 })).toBe('4.0 out of 5 · 1 review');
    expect(reviewSummaryText({ average: null, count: 0 })).toBe('No reviews yet');
  });
});

describe('writing a review', () => {
  it('a parent whose child attended an ended session reviews it once; the host is e-mailed', async () => {
    const { campId, sessionId, parent } = await endedSession();
    expect((await mine(parent)).reviewableSessionIds).toContain(sessionId);
    const review = await written(parent.token, sessionId);
    expect(review).toMatchObject({
      campId,
      sessionId,
      rating: 5,
      text: GOOD_REVIEW.text,
      reply: null,
      reportStatus: null,
      hiddenReason: null,
    });
    expect(review.authorName).toMatch(/^\S+ [A-Z]\.$/);
    expectError(
      await writeReview(parent.token, sessionId),
      409,
      'CONFLICT',
      messages.campReviewAlreadyWritten,
    );
    const own = await mine(parent);
    expect(own.reviews.map((r) => r.id)).toEqual([review.id]);
    expect(own.reviewableSessionIds).not.toContain(sessionId);
    const mails = await mailTo(db, host.email);
    expect(
      mails.some((m) => m.subject.startsWith('A new review of') && m.textBody.includes(GOOD_REVIEW.text)),
    ).toBe(true);
  });

  it('is refused for a session not over yet, with a clear message', async () => {
    const { sessionId, parent } = await attendedSession();
    expectError(
      await writeReview(parent.token, sessionId),
      409,
      'CONFLICT',
      messages.campReviewSessionNotOver,
    );
    expect((await mine(parent)).reviewableSessionIds).not.toContain(sessionId);
  });

  it('is refused to a parent whose child did not attend, and for a cancelled place', async () => {
    const { sessionId } = await endedSession();
    const stranger = await family(app, [9]);
    expectError(
      await writeReview(stranger.token, sessionId),
      403,
      'FORBIDDEN',
      messages.campReviewNotAttended,
    );

    const { campId, sessionId: later, parent } = await attendedSession();
    const [place] = (
      await app.inject({ method: 'GET', url: '/camper/registrations', headers: bearer(parent.token) })
    ).json<{ data: { id: number; campId: number }[] }>().data;
    expect(place?.campId).toBe(campId);
    const cancelled = await post(`/camper/registrations/${place?.id}/cancel`, parent.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await endSession(later);
    expectError(await writeReview(parent.token, later), 403, 'FORBIDDEN', messages.campReviewNotAttended);
  });

  it('is 404 for a session that does not exist', async () => {
    const parent = await family(app, [9]);
    expectError(await writeReview(parent.token, 2_000_000_000), 404, 'NOT_FOUND', messages.sessionNotFound);
  });

  it('checks the rating and the text, each next to its field', async () => {
    const { sessionId, parent } = await endedSession();
    for (const rating of [0, 6, 3.5, '5', null]) {
      const res = await writeReview(parent.token, sessionId, { ...GOOD_REVIEW, rating });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ rating: messages.campReviewRatingInvalid });
    }
    const short = await writeReview(parent.token, sessionId, { rating: 4, text: '   Great   ' });
    expect(short.json().fields).toEqual({ text: messages.campReviewTextTooShort });
    const long = await writeReview(parent.token, sessionId, { rating: 4, text: 'a'.repeat(2001) });
    expect(long.json().fields).toEqual({ text: messages.campReviewTextTooLong });
    const nul = await writeReview(parent.token, sessionId, { rating: 4, text: 'Lovely week\u0000 really' });
    expect(nul.json().fields).toEqual({ text: messages.invalidInput });
    const extra = await writeReview(parent.token, sessionId, { ...GOOD_REVIEW, childId: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps HTML as the text it is: stored and answered unchanged, escaped in the host’s e-mail', async () => {
    const { campId, sessionId, parent } = await endedSession();
    const text = '<script>alert("hi")</script> <b>Best</b> week & more';
    const review = await written(parent.token, sessionId, { rating: 4, text });
    expect(review.text).toBe(text);
    expect((await publicReviews(campId)).data[0]?.text).toBe(text);
    const mails = await mailTo(db, host.email);
    const mail = mails.find((m) => m.textBody.includes(text));
    expect(mail?.htmlBody).toContain('&lt;script&gt;');
    expect(mail?.htmlBody).not.toContain('<script>');
  });

  it('lets the parent delete their own review (and write a new one), not another parent’s', async () => {
    const { sessionId, parent } = await endedSession();
    const review = await written(parent.token, sessionId);
    const other = await family(app, [9]);
    const del = (token: string) =>
      app.inject({ method: 'DELETE', url: `/camper/reviews/${review.id}`, headers: bearer(token) });
    expectError(await del(other.token), 404, 'NOT_FOUND', messages.campReviewNotFound);
    expect((await del(parent.token)).statusCode).toBe(200);
    expectError(await del(parent.token), 404, 'NOT_FOUND', messages.campReviewNotFound);
    await written(parent.token, sessionId, { rating: 3, text: 'Second thoughts, still a good week.' });
  });
});

describe('what the public sees', () => {
  it('lists a camp’s reviews newest first, a page at a time, with the average on the camp and organization', async () => {
    const { campId, sessionId } = await endedSession();
    const ratings = [5, 4, 4, 3];
    for (const rating of ratings) {
      const parent = await family(app, [9], { day: '2030-06-15' });
      await db
        .update(campSessions)
        .set({ startDate: '2030-06-15', endDate: '2030-06-20' })
        .where(eq(campSessions.id, sessionId));
      outcome(
        await register(app, parent, campId, {
          childIds: [parent.childIds[0] as number],
          paymentMethodId: parent.cardId,
        }),
      );
      await endSession(sessionId);
      await written(parent.token, sessionId, { rating, text: `A ${rating}-star week at the lake.` });
    }
    const first = await publicReviews(campId, '?limit=3');
    expect(first.data.map((r) => r.rating)).toEqual([3, 4, 4]);
    expect(first.summary).toEqual({ average: 4, count: 4 });
    expect(first.nextCursor).not.toBeNull();
    const second = await publicReviews(campId, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((r) => r.rating)).toEqual([5]);
    expect(second.nextCursor).toBeNull();
    expect(Object.keys(first.data[0] ?? {})).not.toContain('reportReason');

    const org = await app.inject({ method: 'GET', url: `/api/orgs/${host.orgId}/reviews` });
    expect(org.statusCode, org.body).toBe(200);
    expect(org.json<CampReviewPage>().data.map((r) => r.campId)).toContain(campId);
    await db
      .update(campSessions)
      .set({ startDate: '2030-06-15', endDate: '2030-06-20' })
      .where(eq(campSessions.id, sessionId));
    const camp = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(camp.json().data.reviewSummary).toEqual({ average: 4, count: 4 });
    const orgProfile = await app.inject({ method: 'GET', url: `/api/orgs/${host.orgId}` });
    expect(orgProfile.json().data.reviewSummary.count).toBeGreaterThanOrEqual(4);
  });

  it('is 404 for an organization not approved and a camp that does not exist', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/camps/2000000000/reviews' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/orgs/2000000000/reviews' })).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: `/api/orgs/${host.orgId}/reviews?limit=500` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the host', () => {
  it('sees the reviews of their camp and replies once; the author is e-mailed', async () => {
    const { campId, sessionId, parent } = await endedSession();
    const review = await written(parent.token, sessionId);
    const list = await app.inject({
      method: 'GET',
      url: `/host/camp/${campId}/reviews`,
      headers: bearer(host.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: ModeratedCampReview) => r.id)).toEqual([review.id]);
    expect(list.json().summary).toEqual({ average: 5, count: 1 });

    const replyText = 'Thank you! We loved having Ada <3';
    expectError(
      await post(`/host/reviews/${review.id}/reply`, otherHost.token, { text: replyText }),
      404,
      'NOT_FOUND',
      messages.campReviewNotFound,
    );
    const replied = await post(`/host/reviews/${review.id}/reply`, host.token, { text: replyText });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().data).toMatchObject({ reply: replyText });
    expectError(
      await post(`/host/reviews/${review.id}/reply`, host.token, { text: 'Changed my mind' }),
      409,
      'CONFLICT',
      messages.campReviewAlreadyReplied,
    );
    const blank = await post(`/host/reviews/${review.id}/reply`, host.token, { text: '   ' });
    expect(blank.json().fields).toEqual({ text: messages.campReviewReplyRequired });
    expect((await publicReviews(campId)).data[0]?.reply).toBe(replyText);
    const mails = await mailTo(db, parent.email);
    expect(
      mails.some((m) => m.subject.endsWith('replied to your review') && m.textBody.includes(replyText)),
    ).toBe(true);
  });

  it('another host cannot read the reviews of the camp', async () => {
    const { campId } = await endedSession();
    const res = await app.inject({
      method: 'GET',
      url: `/host/camp/${campId}/reviews`,
      headers: bearer(otherHost.token),
    });
    expectError(res, 404, 'NOT_FOUND', messages.campNotFound);
  });
});

describe('reports and the administrators’ decision', () => {
  async function reported() {
    const { campId, sessionId, parent } = await endedSession();
    const review = await written(parent.token, sessionId, {
      rating: 1,
      text: 'The counsellor is a crook, call 555.',
    });
    expectError(
      await post(`/host/reviews/${review.id}/report`, otherHost.token, { reason: 'Not true' }),
      404,
      'NOT_FOUND',
      messages.campReviewNotFound,
    );
    const missing = await post(`/host/reviews/${review.id}/report`, host.token, { reason: '' });
    expect(missing.json().fields).toEqual({ reason: messages.campReviewReportReasonRequired });
    const res = await post(`/host/reviews/${review.id}/report`, host.token, {
      reason: 'It names a member of staff and accuses them.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ reportStatus: 'open' });
    expectError(
      await post(`/host/reviews/${review.id}/report`, host.token, { reason: 'Again' }),
      409,
      'CONFLICT',
      messages.campReviewAlreadyReported,
    );
    return { campId, parent, review };
  }

  async function queue(): Promise<ReportedCampReview[]> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/camp-reviews',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ReportedCampReview[] }>().data;
  }

  it('an administrator hides a reported review with a reason: it leaves lists and averages, its author sees why', async () => {
    const { campId, parent, review } = await reported();
    expect((await publicReviews(campId)).summary).toEqual({ average: 1, count: 1 });
    const item = (await queue()).find((r) => r.id === review.id);
    expect(item).toMatchObject({
      orgId: host.orgId,
      reportReason: 'It names a member of staff and accuses them.',
    });

    const noReason = await post(`/api/admin/camp-reviews/${review.id}/hide`, admin.token, { reason: ' ' });
    expect(noReason.json().fields).toEqual({ reason: messages.campReviewHideReasonRequired });
    const hidden = await post(`/api/admin/camp-reviews/${review.id}/hide`, admin.token, {
      reason: 'It accuses a named person.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({
      reportStatus: 'hidden',
      hiddenReason: 'It accuses a named person.',
    });
    expectError(
      await post(`/api/admin/camp-reviews/${review.id}/keep`, admin.token),
      409,
      'CONFLICT',
      messages.campReviewNoOpenReport,
    );

    const shown = await publicReviews(campId);
    expect(shown.data).toEqual([]);
    expect(shown.summary).toEqual({ average: null, count: 0 });
    expect((await queue()).map((r) => r.id)).not.toContain(review.id);
    expect((await mine(parent)).reviews[0]).toMatchObject({
      id: review.id,
      reportStatus: 'hidden',
      hiddenReason: 'It accuses a named person.',
    });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'camp_review'), eq(auditEvents.subjectId, review.id)));
    expect(event).toMatchObject({ action: 'camp_review.hidden', actorId: admin.id, actorRole: 'admin' });
  });

  it('an administrator keeps a reported review: the report is dismissed and it cannot be reported again', async () => {
    const { campId, review } = await reported();
    const kept = await post(`/api/admin/camp-reviews/${review.id}/keep`, admin.token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ reportStatus: 'kept', hiddenReason: null });
    expect((await publicReviews(campId)).summary.count).toBe(1);
    expectError(
      await post(`/host/reviews/${review.id}/report`, host.token, { reason: 'Please look again' }),
      409,
      'CONFLICT',
      messages.campReviewAlreadyReported,
    );
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'camp_review'), eq(auditEvents.subjectId, review.id)));
    expect(event?.action).toBe('camp_review.kept');
    expectError(
      await post('/api/admin/camp-reviews/2000000000/hide', admin.token, { reason: 'x' }),
      404,
      'NOT_FOUND',
      messages.campReviewNotFound,
    );
  });
});

describe('privacy', () => {
  it('the data export has the parent’s reviews, and deleting the account deletes them', async () => {
    const { campId, sessionId, parent } = await endedSession();
    const review = await written(parent.token, sessionId);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(parent.token),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<AccountExport>();
    expect(data.campReviews).toEqual([
      expect.objectContaining({ rating: 5, text: GOOD_REVIEW.text, reply: null, hiddenReason: null }),
    ]);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(parent.token),
      payload: { password: ACCOUNT_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db.select().from(campReviews).where(eq(campReviews.id, review.id))).toEqual([]);
    expect((await publicReviews(campId)).summary.count).toBe(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email))).toEqual([]);
  });
});
