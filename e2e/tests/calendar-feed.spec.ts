import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

test('a parent subscribes to the family calendar from the account, and the address holds their places', async ({
  page,
  request,
}) => {
  const { campId, camp } = await createListedCamp(request, 'Bluebird Meadow Camp');
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await registerThroughApi(request, family, campId);
  await signIn(page, family.parent);
  await page.goto('/camper/account');
  const section = main(page).getByRole('region', { name: 'Calendar subscription', exact: true });

  await section.getByRole('button', { name: 'Subscribe in my calendar', exact: true }).click();
  const address = section.getByRole('textbox', { name: 'Calendar address', exact: true });
  await expect(address).toHaveValue(/\/calendar\/feeds\/[\w-]{43}\/family\.ics$/);
  const url = await address.inputValue();
  await expect(section.getByRole('link', { name: 'Add to Apple Calendar', exact: true })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await expect(section.getByRole('link', { name: 'Add to Google Calendar', exact: true })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/r\?cid=webcal/,
  );
  await expectNoAxeViolations(page);

  // What a calendar app reads at the address: Maya's week at the camp.
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  const text = (await feed.text()).replaceAll('\r\n ', '');
  expect(text).toContain(`SUMMARY:${camp.name} (Maya)`);
  expect(text).toContain('STATUS:CONFIRMED');

  // Made anew, the old address stops working; turned off, the section offers to subscribe again.
  await section.getByRole('button', { name: 'Make a new address', exact: true }).click();
  await expect(address).not.toHaveValue(url);
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);
  await section.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(section.getByRole('button', { name: 'Subscribe in my calendar', exact: true })).toBeVisible();
});
