import type { APIRequestContext } from '@playwright/test';
import { bookThroughApi } from './basket-support.ts';
import { createCampStartingIn, type SoonCamp } from './refund-policy-support.ts';
import { childAged, createFamily } from './registration-support.ts';
import { bearer, expect } from './support.ts';

/**
 * A season like the demo's, made through the API: a camp with one place and a waitlist, one
 * family with the place, another waiting, and three openings of the camp's public profile.
 */
export async function createSeason(request: APIRequestContext, label: string): Promise<SoonCamp> {
  const soon = await createCampStartingIn(request, label, 20);
  const edited = await request.put(`/host/sessions/${soon.sessionId}`, {
    headers: bearer(soon.host.token),
    data: {
      name: 'Session 1',
      startDate: soon.camp.startDate,
      endDate: soon.camp.endDate,
      price: String(soon.camp.cost),
      capacity: '1',
      allowsWaitlist: true,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  for (const name of ['Maya', 'Leo']) {
    const family = await createFamily(request, [childAged(name, 9)]);
    await bookThroughApi(request, family, soon.campId, soon.sessionId);
  }
  for (let view = 0; view < 3; view += 1) {
    const counted = await request.post(`/api/camps/${soon.campId}/views`);
    expect(counted.status()).toBe(204);
  }
  return soon;
}
