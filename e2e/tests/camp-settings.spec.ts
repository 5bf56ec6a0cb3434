import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createListedCamp } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

/** Edit camp's sections, as its side navigation names them, and the heading each one shows. */
const SECTIONS = [
  ['Sessions', 'Sessions'],
  ['Discounts and promo codes', 'Discounts and promo codes'],
  ['Refund policy', 'Refund policy'],
  ['Deposits and instalments', 'Deposits and instalments'],
  ['Questions and waivers', 'Questions and waivers'],
  ['Reminders', 'Reminders'],
  ['Photos', 'Thumbnail'],
  ['Delete camp', 'Delete camp'],
] as const;

test('a host finds every camp setting in Edit camp’s sections, and is asked before leaving changes unsaved', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Sandpiper Cove Camp');
  const nav = main(page).getByRole('navigation', { name: 'Camp settings' });
  const name = main(page).getByRole('textbox', { name: 'Name', exact: true });

  await test.step('Details opens first, beside every section', async () => {
    await signIn(page, host);
    await page.goto(`/host/editcamp/${campId}`);
    await expect(name).toHaveValue(camp.name);
    await expect(nav.getByRole('link', { name: /^Details/ })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link')).toHaveCount(SECTIONS.length + 1);
    await expectNoAxeViolations(page);
  });

  await test.step('a change not saved is not lost by a stray click', async () => {
    await name.fill(`${camp.name} Plus`);
    await nav.getByRole('link', { name: /^Sessions/ }).click();
    const asking = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(asking).toBeVisible();
    await expectNoAxeViolations(page);
    await asking.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(page).toHaveURL(`/host/editcamp/${campId}`);
    await expect(name).toHaveValue(`${camp.name} Plus`);
    await main(page).getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(main(page).getByText('Account details updated!')).toBeVisible();
  });

  await test.step('each section opens from the side navigation, with its address', async () => {
    for (const [link, heading] of SECTIONS) {
      await nav.getByRole('link', { name: new RegExp(`^${link}`) }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: new RegExp(`^${link}`) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    await expectNoAxeViolations(page);
  });

  await test.step('an address naming no section opens Details', async () => {
    await page.goto(`/host/editcamp/${campId}/nowhere`);
    await expect(page).toHaveURL(`/host/editcamp/${campId}`);
    await expect(name).toHaveValue(`${camp.name} Plus`);
  });
});
