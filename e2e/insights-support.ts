import type { APIRequestContext } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { bookThroughApi } from './basket-support.ts';
import { createCampStartingIn, type SoonCamp } from './refund-policy-support.ts';
import { childAged, createFamily } from './registration-support.ts';
import { expect } from './support.ts';

/**
 * A season like the demo's, made through the API: a camp with one place and a waitlist, one
 * family with the place, another waiting, and three openings of the camp's public profile.
 */
export async function createSeason(request: APIRequestContext, label: string): Promise<SoonCamp> {
  const soon = await createCampStartingIn(request, label, 20);
  answered(
    await apiClient(request, soon.host.token).PUT('/host/sessions/{id}', {
      params: { path: { id: soon.sessionId } },
      body: {
        name: 'Session 1',
        startDate: soon.camp.startDate,
        endDate: soon.camp.endDate,
        startTime: '',
        endTime: '',
        price: String(soon.camp.cost),
        capacity: '1',
        allowsWaitlist: true,
        registrationOpensAt: '',
        registrationClosesAt: '',
      },
    }),
    200,
  );
  for (const name of ['Maya', 'Leo']) {
    const family = await createFamily(request, [childAged(name, 9)]);
    await bookThroughApi(request, family, soon.campId, soon.sessionId);
  }
  const visitor = apiClient(request);
  for (let view = 0; view < 3; view += 1) {
    const { response } = await visitor.POST('/api/camps/{id}/views', {
      params: { path: { id: soon.campId } },
    });
    // Answered with no body, so checked by its status alone.
    expect(response.status).toBe(204);
  }
  return soon;
}
