import {
  type CampFields,
  campCard,
  campRunsText,
  categoryIds,
  chooseCategories,
  createApprovedOrg,
  createCamp,
  datedCamp,
  fillCampForm,
  imageFile,
  jpegImage,
  nextSummer,
} from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  chooseImage,
  closeNotices,
  createOrg,
  createSubscribedHost,
  expect,
  imageLoaded,
  main,
  pngImage,
  signIn,
  uniqueOrg,
} from '../support.ts';

const campRequiredFields = 'Please fill in all required(*) fields, Select at least one Camp Category';
const minAgeOverMax = 'Minimum age cannot be greater than maximum age';
const duplicateCamp = 'A camp with this information already exists.';

test.describe('a host’s camps', () => {
  test('a host adds a virtual, a year-round and a dated camp, and a duplicate is refused', async ({
    page,
    request,
  }) => {
    // Three camps typed into the dialog, with photos; it may take a while on a busy machine.
    test.setTimeout(150_000);
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Lakeside Summer Club');
    const tag = org.name.split(' ').pop() ?? '';
    const virtualName = `Online Coding Club ${tag}`;
    const yearRoundName = `Weekend Riding School ${tag}`;
    const dated = datedCamp('Lakeside Swim Week', org);
    const dialog = page.getByRole('dialog', { name: 'New Camp' });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    const addCamp = dialog.getByRole('button', { name: 'Add Camp', exact: true });
    const summary = dialog.getByRole('alert');
    const cards = main(page).getByRole('article');
    const output = test.info().outputPath.bind(test.info());
    const thumbnail = await imageFile(output('thumbnail.png'), pngImage('#1f6f8b'));
    const photos = await Promise.all([
      imageFile(output('photo-1.jpg'), jpegImage('#d98c2b')),
      imageFile(output('photo-2.png'), pngImage('#4c956c')),
      imageFile(output('photo-3.jpg'), jpegImage('#8e5572')),
    ]);

    await test.step('finds no camps yet and a way back to the organization', async () => {
      await signIn(page, host);
      await page.goto(`/host/org/${orgId}/camps`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'My Camps' })).toHaveCSS(
        'text-transform',
        'uppercase',
      );
      // The back link names the parent screen: the organization's profile.
      await expect(main(page).getByRole('link', { name: org.name, exact: true })).toHaveAttribute(
        'href',
        `/host/org/${orgId}`,
      );
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Camps Added Yet' })).toBeVisible();
    });

    await test.step('is told what is missing and that the ages are the wrong way round', async () => {
      await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
      await expect(dialog).toBeVisible();
      await addCamp.click();
      await expect(summary).toHaveText(campRequiredFields);
      await expect(field('Name')).toBeFocused();
      await expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
      // The banner is said once; beside each field, what it needs.
      await expect(dialog.getByText(campRequiredFields, { exact: true })).toHaveCount(1);
      await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Must select at least one category', { exact: true })).toHaveCount(1);
      await expect(dialog.getByText('Min Age is required', { exact: true })).toBeVisible();

      await fillCampForm(dialog, { minAge: 12, maxAge: 8 });
      await addCamp.click();
      await expect(dialog.getByText(minAgeOverMax, { exact: true })).toHaveCount(1);
      await expect(summary).toHaveText(campRequiredFields);
      await expect(field('Min Age')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    await test.step('adds a virtual camp: no address, but dates', async () => {
      await fillCampForm(dialog, {
        name: virtualName,
        description: 'Live lessons in Python and game design, twice a week.',
        minAge: 10,
        maxAge: 15,
        cost: 120,
        spotsAvailable: 30,
      });
      await dialog.getByRole('button', { name: 'Use Org Info', exact: true }).click();
      await expect(field('Address')).toHaveValue(org.address);
      await chooseCategories(dialog, ['Virtual']);
      for (const name of ['Address', 'City', 'State', 'ZIP']) {
        await expect(field(name)).toBeDisabled();
        await expect(field(name)).toHaveValue('');
      }
      await expect(field('Phone')).toHaveValue(org.phone);
      await expect(field('Email')).toHaveValue(org.contactEmail);

      await addCamp.click();
      await expect(summary).toHaveText(campRequiredFields);
      await expect(field('Start Date')).toBeFocused();
      await expect(field('Start Date')).toHaveAttribute('aria-invalid', 'true');
      await expect(field('End Date')).toHaveAttribute('aria-invalid', 'true');

      const { startDate, endDate } = nextSummer();
      await fillCampForm(dialog, { startDate, endDate });
      await chooseImage(dialog, 'Thumbnail*', thumbnail);
      await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
      await addCamp.click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('alert').filter({ hasText: `${virtualName} is now on your camps list.` }),
      ).toBeVisible();
      const card = campCard(page, virtualName);
      await expect(card.getByText(campRunsText({ startDate, endDate }), { exact: true })).toBeVisible();
      await expect(card.getByText('Virtual', { exact: true })).toBeVisible();
      await expect(card.getByText('Ages 10 to 15', { exact: true })).toBeVisible();
      await expect(card.getByText('$120', { exact: true })).toBeVisible();
      await expect.poll(() => imageLoaded(card.locator('img'))).toBe(true);
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Camps Added Yet' })).toBeHidden();
    });

    await test.step('adds a year-round camp: no dates', async () => {
      await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(field('Name')).toHaveValue('');
      await fillCampForm(dialog, {
        name: yearRoundName,
        description: 'Riding lessons every Saturday and Sunday, all year.',
        ...nextSummer(),
        minAge: 8,
        maxAge: 16,
        cost: 900,
        spotsAvailable: 12,
      });
      await chooseCategories(dialog, ['Year Round']);
      for (const name of ['Start Date', 'End Date']) {
        await expect(field(name)).toBeDisabled();
        await expect(field(name)).toHaveValue('');
      }
      await dialog.getByRole('button', { name: 'Use Org Info', exact: true }).click();
      await expect(field('City')).toHaveValue(org.city);
      await addCamp.click();
      await expect(dialog).toBeHidden();
      const card = campCard(page, yearRoundName);
      await expect(card.getByText('Year Round', { exact: true })).toBeVisible();
      await expect(card.getByText(`${org.city}, ${org.state}`, { exact: true })).toBeVisible();
      await expect(cards).toHaveCount(2);
    });

    await test.step('adds a dated camp with the organization’s details and photos', async () => {
      await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
      await expect(dialog).toBeVisible();
      await fillCampForm(dialog, {
        name: dated.name,
        description: dated.description,
        startDate: dated.startDate,
        endDate: dated.endDate,
        minAge: dated.minAge,
        maxAge: dated.maxAge,
        cost: dated.cost,
        spotsAvailable: dated.spotsAvailable,
      });
      await chooseCategories(dialog, ['Day Camp', 'Swimming']);
      await dialog.getByRole('button', { name: 'Use Org Info', exact: true }).click();
      await expect(field('Address')).toHaveValue(org.address);
      await expect(field('City')).toHaveValue(org.city);
      await expect(field('State')).toHaveValue(`Illinois (${org.state})`);
      await expect(field('ZIP')).toHaveValue(org.zip);
      await expect(field('Phone')).toHaveValue(org.phone);
      await expect(field('Email')).toHaveValue(org.contactEmail);
      await chooseImage(dialog, 'Thumbnail*', thumbnail);
      for (const [index, photo] of photos.entries()) {
        await chooseImage(dialog, `Camp Image ${index + 1}`, photo);
      }
      await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(4);

      // The upload is held until the saving overlay has been seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const createPath = `**/host/org/${orgId}/camps`;
      await page.route(createPath, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.fallback();
      });
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith(`/org/${orgId}/camps`),
      );
      await addCamp.click();
      await expect(page.getByRole('status').filter({ hasText: 'Saving...' })).toBeVisible();
      // The bar has no width until something has gone, so it is only present.
      await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
      await expect(page.getByText(/^(\d+% uploaded|Finishing up)$/)).toBeVisible();
      await expect(dialog).toBeHidden();
      release();
      expect((await created).status()).toBe(201);
      await page.unroute(createPath);

      await expect(page.getByRole('status').filter({ hasText: 'Saving...' })).toBeHidden();
      await expect(cards).toHaveCount(3);
      const card = campCard(page, dated.name);
      await expect(card.getByText(campRunsText(dated), { exact: true })).toBeVisible();
      await expect(card.getByText(`${org.city}, ${org.state}`, { exact: true })).toBeVisible();
      await expect(card.getByText('Ages 7 to 12', { exact: true })).toBeVisible();
      await expect(card.getByText('$450', { exact: true })).toBeVisible();
      await expect(campCard(page, yearRoundName).getByText('Year Round', { exact: true })).toBeVisible();
      for (const name of [virtualName, dated.name]) {
        await expect.poll(() => imageLoaded(campCard(page, name).locator('img'))).toBe(true);
      }
      await closeNotices(page);
      await expectNoAxeViolations(page);
    });

    await test.step('a camp with the same name in other letters and the same phone is refused', async () => {
      await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
      await expect(dialog).toBeVisible();
      await fillCampForm(dialog, {
        name: dated.name.toUpperCase(),
        description: dated.description,
        startDate: dated.startDate,
        endDate: dated.endDate,
        minAge: dated.minAge,
        maxAge: dated.maxAge,
        cost: dated.cost,
        spotsAvailable: dated.spotsAvailable,
      });
      await chooseCategories(dialog, ['Day Camp']);
      await dialog.getByRole('button', { name: 'Use Org Info', exact: true }).click();
      await expect(field('Phone')).toHaveValue(org.phone);
      await addCamp.click();
      // Said once, beside the field to change.
      await expect(dialog.getByText(duplicateCamp, { exact: true })).toHaveCount(1);
      await expect(summary).toHaveCount(0);
      await expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(field('Name')).toBeFocused();

      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(cards).toHaveCount(3);
    });
  });

  test('a host looks through a camp, edits it, changes its photos and deletes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Pinecrest Outdoor Center');
    const camp = datedCamp('Pinecrest Canoe Camp', org);
    const other: CampFields = {
      ...datedCamp('Pinecrest Archery Days', org),
      categories: [categoryIds.yearRound],
    };
    const colors = ['#b5523b', '#2e6f95', '#6a994e'];
    const campId = await createCamp(request, host, orgId, camp, {
      thumbnail: await pngImage('#33415c'),
      images: await Promise.all(colors.map((color) => pngImage(color))),
    });
    await createCamp(request, host, orgId, other);
    const renamed = `${camp.name} Plus`;
    const replacement = await imageFile(test.info().outputPath('replacement.jpg'), jpegImage('#f4d35e'));
    const profile = main(page);

    await test.step('opens the camp from the list and looks through its photos', async () => {
      await signIn(page, host);
      await page.goto(`/host/org/${orgId}/camps`);
      await campCard(page, camp.name).getByRole('link', { name: camp.name, exact: true }).click();
      await expect(page).toHaveURL(`/host/camp/${campId}`);
      await expect(profile.getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
      await expect(profile.getByText(`Ages ${camp.minAge} to ${camp.maxAge}`, { exact: true })).toBeVisible();
      await expect(profile.getByText(`${camp.spotsAvailable} Campers`, { exact: true })).toBeVisible();
      // The Cost detail comes first; the Sessions list below repeats the price.
      await expect(profile.getByText(`$${camp.cost}`, { exact: true }).first()).toBeVisible();
      await expect(profile.getByText(campRunsText(camp), { exact: true })).toBeVisible();
      await expect(profile.getByRole('link', { name: 'My Camps' })).toHaveAttribute(
        'href',
        `/host/org/${orgId}/camps`,
      );

      const carousel = profile.getByRole('region', { name: `Photos of ${camp.name}` });
      const photo = (n: number) => carousel.getByRole('img', { name: `${camp.name}, photo ${n}` });
      await expect(photo(1)).toBeVisible();
      await expect.poll(() => imageLoaded(photo(1))).toBe(true);
      await expectNoAxeViolations(page);
      await expect(photo(2)).toBeHidden();
      await carousel.getByRole('button', { name: 'Next photo', exact: true }).click();
      await expect(photo(2)).toBeVisible();
      await expect(photo(1)).toBeHidden();
      await expect.poll(() => imageLoaded(photo(2))).toBe(true);
      await carousel.getByRole('button', { name: 'Next photo', exact: true }).click();
      await expect(photo(3)).toBeVisible();
      await carousel.getByRole('button', { name: 'Next photo', exact: true }).click();
      await expect(photo(1)).toBeVisible();
      await carousel.getByRole('button', { name: 'Previous photo', exact: true }).click();
      await expect(photo(3)).toBeVisible();
      await expect(carousel.getByRole('button', { name: 'Show photo 3' })).toHaveAttribute(
        'aria-current',
        'true',
      );
    });

    await test.step('renames the camp and changes its spots', async () => {
      await profile.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page).toHaveURL(`/host/editcamp/${campId}`);
      await expect(profile.getByRole('heading', { level: 1, name: 'Edit camp' })).toBeVisible();
      const name = profile.getByRole('textbox', { name: 'Name', exact: true });
      await expect(name).toHaveValue(camp.name);
      await fillCampForm(profile, { name: renamed, spotsAvailable: 40 });
      await profile.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expect(profile.getByRole('status').filter({ hasText: 'Account details updated!' })).toBeVisible();
      await expect(profile.getByText(renamed, { exact: true }).first()).toBeVisible();
    });

    await test.step('is told a camp needs a category', async () => {
      // Backspace in the empty search removes the last chosen category.
      const categories = profile.getByRole('textbox', { name: 'Categories', exact: true });
      await categories.press('Backspace');
      await categories.press('Backspace');
      await categories.press('Tab');
      await profile.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expect(
        profile.getByRole('alert').filter({ hasText: 'Please fill in all required(*) fields' }),
      ).toBeVisible();
      await expect(profile.getByText('Must select at least one category', { exact: true })).toHaveCount(1);
      await expect(profile.getByRole('status').filter({ hasText: 'Account details updated!' })).toBeHidden();
    });

    await test.step('leaves the unsaved change for the Photos section, when asked', async () => {
      await profile
        .getByRole('navigation', { name: 'Camp settings' })
        .getByRole('link', { name: /^Photos/ })
        .click();
      const asking = page.getByRole('dialog', { name: 'Leave without saving?' });
      await asking.getByRole('button', { name: 'Leave without saving', exact: true }).click();
      await expect(page).toHaveURL(`/host/editcamp/${campId}/photos`);
    });

    await test.step('replaces one photo and deletes another', async () => {
      const slot = (n: number) => profile.getByRole('img', { name: `${renamed}, image ${n}` });
      await expect.poll(() => imageLoaded(slot(1))).toBe(true);
      const before = await slot(1).getAttribute('src');
      await chooseImage(profile, 'Replace image 1', replacement);
      await profile.getByRole('button', { name: 'Upload image 1', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Image 1 replaced.' })).toBeVisible();
      await expect(slot(1)).not.toHaveAttribute('src', before ?? '');
      await expect.poll(() => imageLoaded(slot(1))).toBe(true);

      await profile.getByRole('button', { name: 'Delete image 2', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete image 2' });
      await expect(
        confirm.getByText('Are you sure you wish to delete this camp image?', { exact: true }),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('alert').filter({ hasText: 'Image 2 deleted.' })).toBeVisible();
      const second = profile.getByRole('heading', { level: 3, name: 'Image 2' }).locator('xpath=../..');
      await expect(second.getByText('Empty', { exact: true })).toBeVisible();
      await expect(second.getByRole('button', { name: 'Add image 2', exact: true })).toBeVisible();
      await expect(profile.getByRole('button', { name: 'Delete image 2', exact: true })).toHaveCount(0);
    });

    await test.step('is asked for a file before the thumbnail is updated', async () => {
      await profile.getByRole('button', { name: 'Update Thumbnail', exact: true }).click();
      await expect(
        profile.getByText('Must upload an image in order to update thumbnail', { exact: true }),
      ).toBeVisible();
      const current = profile.getByRole('img', { name: /^Current thumbnail of / });
      await expect.poll(() => imageLoaded(current)).toBe(true);
      await closeNotices(page);
      await expectNoAxeViolations(page);
    });

    await test.step('deletes the camp after confirming', async () => {
      await profile
        .getByRole('navigation', { name: 'Camp settings' })
        .getByRole('link', { name: /^Delete camp/ })
        .click();
      await profile.getByRole('button', { name: 'Delete Camp', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete camp' });
      await expect(
        confirm.getByText('Are you sure you wish to delete this camp?', { exact: true }),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete Camp', exact: true }).click();
      await expect(page).toHaveURL(`/host/org/${orgId}/camps`);
      await expect(page.getByRole('alert').filter({ hasText: `${renamed} was deleted.` })).toBeVisible();
      await expect(campCard(page, other.name)).toBeVisible();
      await expect(campCard(page, renamed)).toHaveCount(0);
      await expect(main(page).getByRole('article')).toHaveCount(1);
      expect((await request.get(`/api/camps/${campId}`)).status()).toBe(404);
    });
  });

  test('the camps of an organization in review cannot be added yet', async ({ page, request }) => {
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Riverbend Youth Camp');
    const orgId = await createOrg(request, host, org);

    await signIn(page, host);
    await page.goto(`/host/org/${orgId}/camps`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'My Camps' })).toBeVisible();
    const note = main(page)
      .getByRole('alert')
      .filter({ hasText: `${org.name} is waiting for review` });
    await expect(note).toContainText('Camps can be added once the organization is approved.');
    await expect(
      main(page).getByText('Once your organization is approved you can add its camps here.'),
    ).toBeVisible();
    await expect(main(page).getByRole('button', { name: '+ New Camp' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Add your first camp' })).toHaveCount(0);
  });
});
