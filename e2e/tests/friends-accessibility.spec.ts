import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily } from '../registration-support.ts';
import { bearer, expect, main, signIn } from '../support.ts';

test.describe('accessibility of the friends screens', () => {
  test('the friends page, empty and with a friend, an invitation and an error, and the accept page have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const parent = await createFamily(request, [childAged('Sam', 9), childAged('Leo', 7)], null);
    const friend = await createFamily(request, [childAged('Maya', 9)], null);

    await signIn(page, parent.parent);
    await page.goto('/camper/friends');
    await expect(main(page).getByRole('heading', { name: 'No friends yet' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Checked in the browser: nothing is sent.
    await main(page).getByRole('textbox', { name: 'Their email' }).fill('not an address');
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    await expect(main(page).getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page);

    const link = await request.post('/camper/friends/invitations/link', {
      headers: bearer(friend.parent.token),
    });
    expect(link.status(), await link.text()).toBe(201);
    const { data } = (await link.json()) as { data: { url: string } };
    const url = new URL(data.url);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(main(page).getByRole('button', { name: 'Accept invitation' })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL(/\/camper\/friends$/);

    await main(page).getByRole('button', { name: 'Copy invitation link' }).click();
    await expect(main(page).getByRole('region', { name: 'Invitations waiting' })).toBeVisible();
    const card = main(page).getByRole('article', {
      name: `${friend.parent.firstName} ${friend.parent.lastName}`,
    });
    await card.getByText('Share which sessions Sam is going to', { exact: true }).click();
    await expect(card.getByRole('switch', { name: 'Share which sessions Sam is going to' })).toBeChecked();
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Stop being friends' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
