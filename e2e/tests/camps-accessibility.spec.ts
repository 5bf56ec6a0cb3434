import {
  campCard,
  categoryIds,
  createApprovedOrg,
  createCamp,
  datedCamp,
  jpegImage,
} from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createSubscribedHost, expect, imageLoaded, main, pngImage, signIn } from '../support.ts';

test.describe('accessibility of camp screens', () => {
  test('the camps list, the New Camp dialog with errors, a camp’s profile and its edit page have no violations', async ({
    page,
    request,
  }) => {
    // Four screens checked by axe after a few calls to set them up.
    test.slow();
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Silver Birch Camps');
    const camp = datedCamp('Silver Birch Sailing Week', org);
    const yearRound = {
      ...datedCamp('Silver Birch Pottery Studio', org),
      categories: [categoryIds.yearRound],
    };
    const virtual = { ...datedCamp('Silver Birch Online Chess', org), categories: [categoryIds.virtual] };
    const campId = await createCamp(request, host, orgId, camp, {
      thumbnail: await pngImage('#2a6f97'),
      images: [await jpegImage('#e07a5f'), await pngImage('#81b29a')],
    });
    await createCamp(request, host, orgId, yearRound, { thumbnail: await jpegImage('#3d405b') });
    await createCamp(request, host, orgId, virtual);

    await signIn(page, host);
    await page.goto(`/host/org/${orgId}/camps`);
    await expect(main(page).getByRole('article')).toHaveCount(3);
    for (const name of [camp.name, yearRound.name]) {
      await expect.poll(() => imageLoaded(campCard(page, name).locator('img'))).toBe(true);
    }
    await expectNoAxeViolations(page);

    await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Camp' });
    await dialog.getByRole('textbox', { name: 'Min Age', exact: true }).fill('14');
    await dialog.getByRole('textbox', { name: 'Max Age', exact: true }).fill('9');
    await dialog.getByRole('button', { name: 'Add Camp', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please fill in all required(*) fields, Select at least one Camp Category',
    );
    await expect(
      dialog.getByText('Minimum age cannot be greater than maximum age', { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    await campCard(page, camp.name).getByRole('link', { name: camp.name, exact: true }).click();
    await expect(page).toHaveURL(`/host/camp/${campId}`);
    const photo = main(page).getByRole('img', { name: `${camp.name}, photo 1` });
    await expect.poll(() => imageLoaded(photo)).toBe(true);
    await expectNoAxeViolations(page);

    await main(page).getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(`/host/editcamp/${campId}`);
    await expect(main(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(camp.name);
    await main(page).getByRole('button', { name: 'Update Thumbnail', exact: true }).click();
    await expect(
      main(page).getByText('Must upload an image in order to update thumbnail', { exact: true }),
    ).toBeVisible();
    const current = main(page).getByRole('img', { name: `Current thumbnail of ${camp.name}` });
    await expect.poll(() => imageLoaded(current)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
