import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { bearer, expect, main, signIn } from '../support.ts';

test.describe('accessibility of the messages screens', () => {
  test('both inboxes, empty and full, a conversation, the question form, an announcement and writing from the roster have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, campId } = await createListedCamp(request, 'Plover Point');
    const family = await createFamily(request, [childAged('Ivy', 9)]);

    await signIn(page, family.parent);
    await page.goto('/camper/messages');
    await expect(main(page).getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/camps/${campId}/ask`);
    await main(page).getByRole('button', { name: 'Send question' }).click();
    await expect(main(page).getByText('Write a message.')).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('textbox', { name: 'Your question' }).fill('Do you have a sibling discount?');
    await main(page).getByRole('button', { name: 'Send question' }).click();
    await expect(main(page).getByRole('textbox', { name: 'Your reply' })).toBeVisible();
    await expectNoAxeViolations(page);

    await registerThroughApi(request, family, campId);
    const sessions = await request.get(`/host/camp/${campId}/sessions`, { headers: bearer(host.token) });
    const sessionId = ((await sessions.json()) as { data: { id: number }[] }).data[0]?.id;
    const sent = await request.post(`/host/camp/${campId}/announcements`, {
      headers: bearer(host.token),
      data: { audience: 'session', sessionId, subject: 'Parking', body: 'Park behind the lodge.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { data } = (await sent.json()) as { data: { id: number } };

    await page.evaluate(() => localStorage.clear());
    await signIn(page, host);
    await page.goto('/host/messages');
    await expect(main(page).getByRole('link', { name: /Fielding family/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/host/announcements/${data.id}`);
    await expect(main(page).getByRole('heading', { name: 'Who has read it' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/host/camp/${campId}`);
    await expect(main(page).getByRole('region', { name: 'Announcements' })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    await page.goto(`/host/camp/${campId}/roster`);
    await main(page)
      .getByRole('button', { name: /^Message .* about Ivy/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Message / });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Write a message.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.evaluate(() => localStorage.clear());
    await signIn(page, family.parent);
    await page.goto('/camper/messages');
    await main(page)
      .getByRole('link', { name: /Parking/ })
      .click();
    await expect(main(page).getByText('Park behind the lodge.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
