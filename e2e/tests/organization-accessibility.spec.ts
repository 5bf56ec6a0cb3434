import { writeFile } from 'node:fs/promises';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  adminToken,
  chooseImage,
  createOrg,
  createSubscribedHost,
  decideOrg,
  expect,
  fillOrgForm,
  imageLoaded,
  main,
  pngImage,
  signIn,
  uniqueOrg,
  updateOrg,
} from '../support.ts';

test.describe('accessibility of organization screens', () => {
  test('the dashboard with organizations in every state and the new organization dialogs have no violations', async ({
    page,
    request,
  }) => {
    // Three screens checked by axe after a dozen calls to set them up.
    test.slow();
    const host = await createSubscribedHost(request);
    const thumbnail = await pngImage('#3b6e8f');
    const pending = uniqueOrg('Aspen Trail Camp');
    const denied = uniqueOrg('Birchwood Sports Academy');
    const approved = uniqueOrg('Clearwater Paddling Club');
    const revising = uniqueOrg('Dogwood Art Studio');
    const revisionDenied = uniqueOrg('Elm Street Theater Camp');

    await createOrg(request, host, pending, thumbnail);
    const deniedId = await createOrg(request, host, denied);
    await decideOrg(request, deniedId, { approved: false, reason: 'Please add your full street address' });
    const approvedId = await createOrg(request, host, approved, thumbnail);
    await decideOrg(request, approvedId, { approved: true });
    const revisingId = await createOrg(request, host, revising);
    await decideOrg(request, revisingId, { approved: true });
    await updateOrg(request, host, revisingId, {
      ...revising,
      bio: 'Painting and pottery for ages 6 to 14.',
    });
    const revisionDeniedId = await createOrg(request, host, revisionDenied);
    await decideOrg(request, revisionDeniedId, { approved: true });
    await updateOrg(request, host, revisionDeniedId, { ...revisionDenied, phone: '217-555-0999' });
    await decideOrg(request, revisionDeniedId, { approved: false, reason: 'That number does not answer.' });

    await signIn(page, host);
    await page.goto('/host/dashboard');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(cards.getByText('PENDING REVIEW', { exact: true })).toBeVisible();
    await expect(cards.getByText('DENIED', { exact: true })).toBeVisible();
    await expect(cards.getByText('Changes in review', { exact: true })).toBeVisible();
    await expect(cards.getByText('Changes not approved', { exact: true })).toBeVisible();
    await expect(cards.getByText('APPROVED', { exact: true })).toBeVisible();
    for (const image of await cards.locator('img').all()) {
      await expect.poll(() => imageLoaded(image)).toBe(true);
    }
    await expectNoAxeViolations(page);

    await main(page).getByRole('button', { name: '+ New Organization', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Organization' });
    await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required(*) fields');
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(dialog.getByText('ZIP is required', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await fillOrgForm(dialog, uniqueOrg('Fox Hollow Camp'));
    await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
    const consent = page.getByRole('dialog', { name: 'Verification Consent' });
    await expect(consent.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an organization’s profile and edit page have no violations', async ({ page, request }) => {
    test.slow();
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Glacier Lake Outdoor School');
    const orgId = await createOrg(request, host, org, await pngImage('#7a4fa0'));
    await decideOrg(request, orgId, { approved: true });

    await signIn(page, host);
    await page.goto(`/host/org/${orgId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: org.name })).toBeVisible();
    await expect
      .poll(() => imageLoaded(main(page).getByRole('img', { name: `${org.name} thumbnail` })))
      .toBe(true);
    await expectNoAxeViolations(page);

    await page.goto(`/host/editorg/${orgId}`);
    await expect(main(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(org.name);
    await main(page).getByRole('button', { name: 'Update Thumbnail', exact: true }).click();
    await expect(
      main(page).getByText('Must upload an image in order to update thumbnail', { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the review queue and the review of revised details have no violations', async ({ page, request }) => {
    test.slow();
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Hawthorn Music Camp');
    const orgId = await createOrg(request, host, org, await pngImage('#a0324f'));
    await decideOrg(request, orgId, { approved: true });
    await updateOrg(request, host, orgId, { ...org, name: `${org.name} for Young Musicians` });

    await signIn(page, { token: await adminToken(request), userType: 'admin' });
    await page.goto('/admin');
    const item = main(page).getByRole('listitem').filter({ hasText: org.name });
    await expect(item.getByText('Revised details', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await item.getByRole('link', { name: org.name, exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'What changed' })).toBeVisible();
    await expect
      .poll(() =>
        imageLoaded(main(page).getByRole('img', { name: `${org.name} for Young Musicians thumbnail` })),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
  });

  test('on a phone the new organization dialog fills the screen', { tag: '@phone' }, async ({
    page,
    request,
  }) => {
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Ironwood Climbing Camp');
    const thumbnail = test.info().outputPath('ironwood.png');
    await writeFile(thumbnail, await pngImage('#4f7a3b'));

    await signIn(page, host);
    await page.goto('/host/dashboard');
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'No Organizations Added Yet' }),
    ).toBeVisible();
    await main(page).getByRole('button', { name: '+ New Organization', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Organization' });
    await expect(dialog).toBeVisible();

    const viewport = page.viewportSize();
    const box = await dialog.boundingBox();
    const phone = (viewport?.width ?? 0) <= 768;
    // Full screen below the tablet breakpoint, a centred dialog above it.
    expect(box?.width === viewport?.width, `the dialog fills the width: ${JSON.stringify(box)}`).toBe(phone);

    await fillOrgForm(dialog, org);
    await chooseImage(dialog, 'Thumbnail', thumbnail);
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
    const consent = page.getByRole('dialog', { name: 'Verification Consent' });
    await consent.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(consent).toBeHidden();
    const card = main(page).getByRole('article').filter({ hasText: org.name });
    await expect(card.getByText('PENDING REVIEW', { exact: true })).toBeVisible();
  });
});
