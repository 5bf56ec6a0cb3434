import { campDay } from '@campwise/contract/camp-clock';
import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { jpegImage } from './camp-support.ts';
import {
  childAged,
  createFamily,
  createListedCamp,
  type Family,
  registerThroughApi,
} from './registration-support.ts';
import { type Account, withFiles } from './support.ts';

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
  answered(
    await apiClient(request, parent.token).POST('/camper/campers/{id}/pickup-adults', {
      params: { path: { id: childId } },
      body: adult,
      bodySerializer: withFiles({ photo }),
    }),
    201,
  );
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
  const hostApi = apiClient(request, listed.host.token);
  const sessions = answered(
    await hostApi.GET('/host/camp/{id}/sessions', { params: { path: { id: listed.campId } } }),
    200,
  );
  const [session] = sessions.data;
  if (!session) throw new Error('the camp has no session');
  answered(
    await hostApi.PUT('/host/sessions/{id}', {
      params: { path: { id: session.id } },
      body: {
        name: session.name,
        startDate: shiftDate(today(), -1),
        endDate: shiftDate(today(), 4),
        startTime: '',
        endTime: '',
        price: String(session.priceCents / 100),
        capacity: String(session.capacity),
        registrationOpensAt: '',
        registrationClosesAt: '',
      },
    }),
    200,
  );
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
