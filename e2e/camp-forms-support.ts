import type { Question, Waiver } from '@campwise/contract/camp-forms';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import type { paths } from './api-schema.d.ts';
import { type Account, expect, main } from './support.ts';

/** A question as the host's dialog sends it. */
type QuestionBody = paths['/host/camp/{id}/questions']['post']['requestBody']['content']['application/json'];
/** A waiver as the host's dialog sends it. */
type WaiverBody = paths['/host/camp/{id}/waivers']['post']['requestBody']['content']['application/json'];

export const SWIM_QUESTION: QuestionBody = {
  label: 'How well does your camper swim?',
  kind: 'one_choice',
  options: ['Not yet', 'With a float', 'Confidently'],
  required: true,
  per: 'child',
};

export const CAMP_WAIVER: WaiverBody = {
  title: 'Release and assumption of risk',
  text: 'I understand that camp activities, including swimming and outdoor play, carry a risk of injury, and I accept these risks for my camper.',
  required: true,
};

/** Adds a question to a camp through the API, as the host's dialog sends it. */
export async function addQuestion(
  request: APIRequestContext,
  host: Account,
  campId: number,
  body: QuestionBody,
): Promise<Question> {
  const { data } = answered(
    await apiClient(request, host.token).POST('/host/camp/{id}/questions', {
      params: { path: { id: campId } },
      body,
    }),
    201,
  );
  return data;
}

export async function addWaiver(
  request: APIRequestContext,
  host: Account,
  campId: number,
  body: WaiverBody = CAMP_WAIVER,
): Promise<Waiver> {
  const { data } = answered(
    await apiClient(request, host.token).POST('/host/camp/{id}/waivers', {
      params: { path: { id: campId } },
      body,
    }),
    201,
  );
  return data;
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
