import type { Question, Waiver } from '@campwise/contract/camp-forms';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, bearer, expect, main } from './support.ts';

export const SWIM_QUESTION = {
  label: 'How well does your camper swim?',
  kind: 'one_choice',
  options: ['Not yet', 'With a float', 'Confidently'],
  required: true,
  per: 'child',
} as const;

export const CAMP_WAIVER = {
  title: 'Release and assumption of risk',
  text: 'I understand that camp activities, including swimming and outdoor play, carry a risk of injury, and I accept these risks for my camper.',
  required: true,
};

/** Adds a question to a camp through the API, as the host's dialog sends it. */
export async function addQuestion(request: APIRequestContext, host: Account, campId: number, body: object) {
  const response = await request.post(`/host/camp/${campId}/questions`, {
    headers: bearer(host.token),
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Question }).data;
}

export async function addWaiver(
  request: APIRequestContext,
  host: Account,
  campId: number,
  body: object = CAMP_WAIVER,
) {
  const response = await request.post(`/host/camp/${campId}/waivers`, {
    headers: bearer(host.token),
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Waiver }).data;
}

/** The checkout's (or the forms page's) card of one waiver, by its title. */
export function waiverCard(page: Page, title: string): Locator {
  return main(page).getByRole('region', { name: title, exact: true });
}

/** Types the full name, ticks consent and signs one waiver. */
export async function signWaiver(page: Page, title: string, fullName: string): Promise<void> {
  const card = waiverCard(page, title);
  await card.getByRole('textbox', { name: 'Your full name' }).fill(fullName);
  await card.getByRole('checkbox', { name: 'I have read this waiver and agree to it.' }).check();
  await card.getByRole('button', { name: 'Sign waiver', exact: true }).click();
  await expect(card.getByText('Signed', { exact: true })).toBeVisible();
}
