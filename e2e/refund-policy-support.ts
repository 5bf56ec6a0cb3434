import { campDay } from '@campwise/contract/camp-clock';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { type CampFields, createApprovedOrg, createCamp, datedCamp } from './camp-support.ts';
import { type Account, createSubscribedHost } from './support.ts';

/** The tiered policy the journeys use: full until 14 days before, 50% until 3 days before, a $25 fee. */
export const tieredPolicy: RefundPolicy = {
  fullUntilDays: 14,
  partial: { percent: 50, untilDays: 3 },
  cancellationFeeCents: 2500,
};

/**
 * The calendar day `days` from today where the journeys' camps are (Springfield, IL, on Central
 * Time: the server counts a camp's days on its own clock), as yyyy-MM-dd.
 */
export function dayFromToday(days: number): string {
  return shiftDate(campDay(new Date(), 'America/Chicago'), days);
}

export interface SoonCamp {
  host: Account;
  campId: number;
  /** Its one session, made with the camp. */
  sessionId: number;
  camp: CampFields;
}

/**
 * A subscribed host with an approved organization and a camp listed in one session, $450 a
 * place, that starts `days` from today and runs five days; all made through the API.
 */
export async function createCampStartingIn(
  request: APIRequestContext,
  label: string,
  days: number,
): Promise<SoonCamp> {
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const camp: CampFields = {
    ...datedCamp(label, org),
    startDate: dayFromToday(days),
    endDate: dayFromToday(days + 4),
  };
  const campId = await createCamp(request, host, orgId, camp);
  const listed = answered(
    await apiClient(request, host.token).GET('/host/camp/{id}/sessions', {
      params: { path: { id: campId } },
    }),
    200,
  );
  const [session] = listed.data;
  return { host, campId, sessionId: session?.id ?? 0, camp };
}

/** Sets a camp's refund policy through the API, as the Edit refund policy dialog sends it. */
export async function setRefundPolicy(
  request: APIRequestContext,
  host: Account,
  campId: number,
  policy: RefundPolicy,
): Promise<void> {
  answered(
    await apiClient(request, host.token).PUT('/host/camp/{id}/refund-policy', {
      params: { path: { id: campId } },
      body: policy,
    }),
    200,
  );
}
