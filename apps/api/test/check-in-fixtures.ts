import { randomUUID } from 'node:crypto';
import { shiftDate } from '@campwise/contract/sessions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions } from '../src/db/schema.ts';
import { campToday, firstSession, imagePart, multipartCall, send } from './camp-fixtures.ts';
import { outcome, register } from './registration-fixtures.ts';

export const ADULT_FIELDS = { name: 'Rose Meadows', relationship: 'Grandmother', phone: '512-555-0177' };

export function pickupAdultCall(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string> = ADULT_FIELDS,
  photo?: Buffer,
) {
  return multipartCall(method, url, fields, photo ? [imagePart('photo', photo)] : []);
}

/** Adds a pickup adult to the parent's child and answers its id. */
export async function addPickupAdult(
  app: FastifyInstance,
  token: string,
  childId: number,
  fields: Record<string, string> = ADULT_FIELDS,
  photo?: Buffer,
): Promise<number> {
  const res = await send(
    app,
    pickupAdultCall('POST', `/camper/campers/${childId}/pickup-adults`, fields, photo),
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Moves a camp's first session so it runs from yesterday to five days ahead, every day. */
export async function runToday(db: Database, campId: number): Promise<number> {
  const session = await firstSession(db, campId);
  await db
    .update(campSessions)
    .set({ startDate: shiftDate(campToday(), -1), endDate: shiftDate(campToday(), 5), weekdays: null })
    .where(eq(campSessions.id, session.id));
  return session.id;
}

/** Books the child a paid place at the camp (its first session). */
export async function bookPlace(
  app: FastifyInstance,
  parent: { token: string; cardId: number },
  campId: number,
  childId: number,
): Promise<number> {
  const booked = outcome(
    await register(app, parent, campId, { childIds: [childId], paymentMethodId: parent.cardId }),
  );
  const id = booked.registrationIds[0];
  if (booked.status !== 'confirmed' || id === undefined)
    throw new Error(`not confirmed: ${JSON.stringify(booked)}`);
  return id;
}

/** A tap as the check-in screen sends it, with a fresh key. */
export function tapBody(childId: number, extra: Record<string, unknown> = {}) {
  return { childId, day: campToday(), key: randomUUID(), ...extra };
}

export function tap(
  app: FastifyInstance,
  token: string,
  sessionId: number,
  kind: 'check-ins' | 'check-outs' | 'pickup-refusals',
  payload: object,
) {
  return send(app, { method: 'POST', url: `/host/sessions/${sessionId}/${kind}`, payload }, token);
}
