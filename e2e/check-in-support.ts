import { campDay } from '@campwise/contract/camp-clock';
import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext } from '@playwright/test';
import { jpegImage } from './camp-support.ts';
import {
  childAged,
  createFamily,
  createListedCamp,
  type Family,
  registerThroughApi,
} from './registration-support.ts';
import { type Account, bearer, expect } from './support.ts';

/** Today where the camp below is: the journeys' organisations are in Springfield, IL (Central Time). */
export const today = () => campDay(new Date(), 'America/Chicago');

/** Adds a pickup adult through the API, as the child page's dialog sends it (with a photo). */
export async function addPickupAdult(
  request: APIRequestContext,
  parent: Account,
  childId: number,
  adult: { name: string; relationship: string; phone: string },
): Promise<void> {
  const photo = { name: 'face.jpg', mimeType: 'image/jpeg', buffer: await jpegImage('#c9a064', 320, 320) };
  const response = await request.post(`/camper/campers/${childId}/pickup-adults`, {
    headers: bearer(parent.token),
    multipart: { ...adult, photo },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export interface RunningCamp {
  host: Account;
  orgId: number;
  orgName: string;
  campId: number;
  campName: string;
  sessionId: number;
  family: Family;
}

/**
 * A host's camp whose session runs from yesterday to four days ahead, every day, where a family
 * has paid places for Maya and Leo; Maya's grandmother may collect her (with a photo).
 */
export async function runningCampWithFamily(request: APIRequestContext, label: string): Promise<RunningCamp> {
  const listed = await createListedCamp(request, label);
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
  await registerThroughApi(request, family, listed.campId);
  const sessions = await request.get(`/host/camp/${listed.campId}/sessions`, {
    headers: bearer(listed.host.token),
  });
  const { data } = (await sessions.json()) as {
    data: { id: number; name: string; priceCents: number; capacity: number }[];
  };
  const session = data[0];
  if (!session) throw new Error('the camp has no session');
  const moved = await request.put(`/host/sessions/${session.id}`, {
    headers: bearer(listed.host.token),
    data: {
      name: session.name,
      startDate: shiftDate(today(), -1),
      endDate: shiftDate(today(), 4),
      price: String(session.priceCents / 100),
      capacity: String(session.capacity),
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const [maya] = family.childIds;
  if (maya === undefined) throw new Error('no child');
  await addPickupAdult(request, family.parent, maya, {
    name: 'Rose Fielding',
    relationship: 'Grandmother',
    phone: '512-555-0177',
  });
  return {
    host: listed.host,
    orgId: listed.orgId,
    orgName: listed.orgName,
    campId: listed.campId,
    campName: listed.camp.name,
    sessionId: session.id,
    family,
  };
}
