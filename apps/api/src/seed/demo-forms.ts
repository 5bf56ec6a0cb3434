import { type AnswerValue, type QuestionBody, WAIVER_TEMPLATES } from '@campwise/contract/camp-forms';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  campQuestions,
  camps,
  campWaivers,
  organizations,
  questionAnswers,
  registrations,
  users,
  waiverSignatures,
} from '../db/schema.ts';
import { waiverTextHash } from '../modules/camp-forms/index.ts';

const QUESTIONS: (QuestionBody & { answers: AnswerValue[] })[] = [
  {
    label: 'How well does your camper swim?',
    kind: 'one_choice',
    options: ['Not yet', 'With a float', 'Confidently'],
    required: true,
    per: 'child',
    answers: ['Confidently', 'With a float'],
  },
  {
    label: 'May we share photos of your camper with the families of the session?',
    kind: 'yes_no',
    required: true,
    per: 'child',
    answers: [true, false],
  },
  {
    label: 'Who usually picks up?',
    kind: 'short_text',
    required: false,
    per: 'family',
    answers: ['Grandma Rosa, in a blue minivan'],
  },
];

/**
 * A camp's questions and waivers on every camp of the demo host (decision 029), answered and
 * signed by each family with a place there, but for the first two at a busy camp, who booked
 * before the forms were added. The demo parent's medical consent at their first
 * camp was signed before the host changed it, so My Registrations asks them to sign again.
 */
export async function writeDemoForms(db: Database, ids: { parentId: number; hostId: number }, now: Date) {
  const hostCamps = await db
    .select({ id: camps.id, name: camps.name, orgName: organizations.name })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(eq(organizations.hostId, ids.hostId))
    .orderBy(asc(camps.id));
  if (hostCamps.length === 0) return;
  const places = await db
    .select({
      campId: registrations.campId,
      parentId: registrations.parentId,
      childId: registrations.childId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.parentId))
    .where(
      inArray(
        registrations.campId,
        hostCamps.map((camp) => camp.id),
      ),
    )
    .orderBy(asc(registrations.id));
  const firstBooked = places.find((place) => place.parentId === ids.parentId)?.campId;
  for (const camp of hostCamps) {
    const questions = await db
      .insert(campQuestions)
      .values(
        QUESTIONS.map(({ answers: _answers, ...question }) => ({
          campId: camp.id,
          ...question,
          options: question.options ?? [],
        })),
      )
      .returning({ id: campQuestions.id });
    const waivers = WAIVER_TEMPLATES.map((template) => {
      const text = template.text.replaceAll('{camp}', camp.name);
      return {
        campId: camp.id,
        title: template.title,
        text,
        required: true,
        textHash: waiverTextHash(template.title, text),
      };
    });
    const written = await db.insert(campWaivers).values(waivers).returning({ id: campWaivers.id });
    const families = [
      ...new Set(places.filter((place) => place.campId === camp.id).map((place) => place.parentId)),
    ];
    // At a busy camp the two families who booked first did so before the host added the forms,
    // and have not done them yet.
    const behind = families.length >= 8 ? families.filter((id) => id !== ids.parentId).slice(0, 2) : [];
    for (const parentId of families) {
      if (behind.includes(parentId)) continue;
      const theirs = places.filter((place) => place.campId === camp.id && place.parentId === parentId);
      const childIds = [...new Set(theirs.map((place) => place.childId))];
      const name = `${theirs[0]?.firstName ?? ''} ${theirs[0]?.lastName ?? ''}`.trim();
      const answers = QUESTIONS.flatMap((question, index) => {
        const questionId = questions[index]?.id;
        if (questionId === undefined) return [];
        const owners = question.per === 'family' ? [null] : childIds;
        return owners.map((childId, nth) => ({
          questionId,
          parentId,
          childId,
          value: question.answers[nth % question.answers.length] ?? '',
          updatedAt: now,
        }));
      });
      if (answers.length > 0) await db.insert(questionAnswers).values(answers);
      await db.insert(waiverSignatures).values(
        waivers.flatMap((waiver, index) => {
          const waiverId = written[index]?.id;
          return waiverId === undefined
            ? []
            : [
                {
                  waiverId,
                  campId: camp.id,
                  parentId,
                  signedName: name,
                  title: waiver.title,
                  text: waiver.text,
                  textHash: waiver.textHash,
                  ipAddress: '203.0.113.24',
                  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15',
                  signedAt: now,
                  campName: camp.name,
                  orgName: camp.orgName,
                  parentName: name,
                  parentEmail: theirs[0]?.email ?? '',
                },
              ];
        }),
      );
    }
    if (camp.id === firstBooked) {
      // The host added a line to the medical consent after the family signed it.
      const medical = waivers[1];
      const medicalId = written[1]?.id;
      if (medical && medicalId !== undefined) {
        const text = `${medical.text}\n\nPlease tell us about any new medication before the first day.`;
        await db
          .update(campWaivers)
          .set({ text, textHash: waiverTextHash(medical.title, text), updatedAt: now })
          .where(eq(campWaivers.id, medicalId));
      }
    }
  }
}
