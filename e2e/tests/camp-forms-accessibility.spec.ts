import { messages } from '@campwise/contract/messages';
import { addQuestion, addWaiver, CAMP_WAIVER, SWIM_QUESTION, waiverCard } from '../camp-forms-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, createListedCamp } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

// Refused answers and signatures are the server's 400s, which the browser reports as it loads them.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test.describe('accessibility of camp questions and waivers', () => {
  test('the host’s section and dialog, the checkout step with a refused answer and the waiver have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, campId } = await createListedCamp(request, 'Tern Harbour Camp');
    await addQuestion(request, host, campId, SWIM_QUESTION);
    await addQuestion(request, host, campId, {
      label: 'Anything else we should know?',
      kind: 'long_text',
      required: false,
      per: 'family',
    });
    await addWaiver(request, host, campId);
    const family = await createFamily(request, [childAged('Maya', 9)]);

    await test.step('the host’s edit screen and the question dialog', async () => {
      await signIn(page, host);
      await page.goto(`/host/editcamp/${campId}`);
      await expect(main(page).getByText(SWIM_QUESTION.label, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Add a waiver', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Add a waiver' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the checkout with a refused answer and an unsigned waiver', async () => {
      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}/register`);
      await camperChoice(page, 'Maya Fielding').click();
      await main(page).getByRole('button', { name: 'Pay $450', exact: true }).click();
      await expect(main(page).getByText(messages.answerRequired, { exact: true }).first()).toBeVisible();
      await expect(waiverCard(page, CAMP_WAIVER.title)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
