import { messages } from '@campwise/contract/messages';
import {
  addQuestion,
  addWaiver,
  CAMP_WAIVER,
  SWIM_QUESTION,
  signWaiver,
  waiverCard,
} from '../camp-forms-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  camperChoice,
  childAged,
  createFamily,
  createListedCamp,
  registrationCard,
} from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { expect, main, signIn } from '../support.ts';

// Refused answers and signatures are the server's 400s, which the browser reports as it loads them.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test('a host adds a question and a waiver from a template on the camp’s edit screen', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Kestrel Lake Camp');
  const section = main(page)
    .locator('.mantine-Card-root')
    .filter({
      has: page.getByRole('heading', { level: 2, name: 'Questions and waivers', exact: true }),
    });
  await signIn(page, host);
  await page.goto(`/host/editcamp/${campId}/forms`);
  // The edit page is the app's largest; a busy machine takes a while the first time.
  await expect(section.getByText(/No questions yet/)).toBeVisible({ timeout: 60_000 });

  await test.step('a choice question needs two choices, then saves', async () => {
    await section.getByRole('button', { name: 'Add a question', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('Lunch');
    await dialog.getByRole('textbox', { name: 'Kind of answer', exact: true }).click();
    await page.getByRole('option', { name: 'One choice', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Choices' }).fill('Packed');
    await dialog.getByRole('button', { name: 'Add question', exact: true }).click();
    await expect(dialog.getByText(messages.questionOptionsInvalid, { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Choices' }).fill('Packed\nHot lunch');
    await dialog.getByRole('button', { name: 'Add question', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Lunch', { exact: true })).toBeVisible();
    await expect(section.getByText('Each camper', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a waiver starts from a template with the camp’s name in it', async () => {
    await section.getByRole('button', { name: 'Add a waiver', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a waiver' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Start from a template', exact: true }).click();
    await page.getByRole('option', { name: 'Medical treatment consent', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Medical treatment consent');
    await expect(dialog.getByRole('textbox', { name: 'Text' })).toHaveValue(new RegExp(camp.name));
    await dialog.getByRole('button', { name: 'Add waiver', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Medical treatment consent', { exact: true })).toBeVisible();
  });
});

test('a parent answers the host’s question and signs the waiver in the checkout; the host sees both on the roster', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Plover Point Camp');
  await addQuestion(request, host, campId, SWIM_QUESTION);
  await addWaiver(request, host, campId);
  const family = await createFamily(request, [childAged('Maya', 9)]);
  const steps = main(page)
    .locator('.mantine-Card-root')
    .filter({
      has: page.getByRole('heading', { level: 2, name: 'Questions and waivers', exact: true }),
    });
  const pay = main(page).getByRole('button', { name: 'Pay $450', exact: true });

  await signIn(page, family.parent);
  await page.goto(`/camps/${campId}/register`);
  await camperChoice(page, 'Maya Fielding').click();

  await test.step('Pay without an answer names the question; nothing is booked', async () => {
    await expect(steps.getByRole('heading', { name: 'For Maya Fielding' })).toBeVisible();
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(steps.getByText(messages.answerRequired, { exact: true }).first()).toBeVisible();
    await expect(steps.getByRole('alert').filter({ hasText: messages.answersIncomplete })).toBeVisible();
    await expect(waiverCard(page, CAMP_WAIVER.title)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('answered, Pay asks for the waiver', async () => {
    await steps.getByRole('textbox', { name: SWIM_QUESTION.label }).click();
    await page.getByRole('option', { name: 'Confidently', exact: true }).click();
    await pay.click();
    await expect(
      steps
        .getByRole('alert')
        .filter({ hasText: messages.waiverUnsigned.replace('{title}', CAMP_WAIVER.title) }),
    ).toBeVisible();
  });

  await test.step('a signature without consent is refused, then signed and paid', async () => {
    const card = waiverCard(page, CAMP_WAIVER.title);
    await card.getByRole('textbox', { name: 'Your full name' }).fill('Pat Fielding');
    await card.getByRole('button', { name: 'Sign waiver', exact: true }).click();
    await expect(card.getByText(messages.signatureConsentMissing, { exact: true })).toBeVisible();
    await signWaiver(page, CAMP_WAIVER.title, 'Pat Fielding');
    await pay.click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
  });

  await test.step('My Registrations leads to the answers and the signed waiver', async () => {
    await page.goto('/camper/registrations');
    const placeCard = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
    await placeCard.getByRole('link', { name: 'Questions and waivers', exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText(camp.name);
    await expect(main(page).getByRole('textbox', { name: SWIM_QUESTION.label })).toHaveValue('Confidently');
    await expect(
      waiverCard(page, CAMP_WAIVER.title).getByRole('button', { name: 'Download signed PDF' }),
    ).toBeVisible();
  });

  await test.step('the host’s roster shows the answer and the signature', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}/roster`);
    await expect(main(page).getByText('Complete', { exact: true }).filter({ visible: true })).toBeVisible();
    const panel = await openRosterEntry(page, 'Maya Fielding');
    await expect(panel.getByText('Confidently')).toBeVisible();
    await expect(panel.getByText(`${CAMP_WAIVER.title}: Signed`)).toBeVisible();
  });
});
